import { useMemo, type ReactNode } from "react";
import { LeadForm, type LeadFormProps } from "./index";
import * as spec from "./spec";

/**
 * Which form a dialog shows, read from leads/forms.json's table (spec) once
 * the forms' code has loaded, and what the visitor must read just before it
 * (a deposit notice). Null when no form answers.
 */
export type FormPick = (table: typeof spec) => { form: LeadFormProps; notice?: ReactNode } | null;

/** The picked form: the forms' table comes in this chunk, so a page pays for it only once a dialog opens. */
export default function PickedForm({ pick }: { pick: FormPick }) {
  const picked = useMemo(() => pick(spec), [pick]);
  // A request no form answers is a broken table, not a state the visitor can fix: the dialog says it failed.
  if (!picked) throw new Error("forms: no form answers this request");
  return (
    <>
      {picked.notice}
      <LeadForm {...picked.form} />
    </>
  );
}
