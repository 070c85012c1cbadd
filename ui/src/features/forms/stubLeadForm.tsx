// Stands in for LeadForm in the tests of the screens that open one (imported by *.test.tsx only): the form itself is
// tested where it lives; there what matters is which form a screen opens, bound to what. Use with
// vi.mock("…/features/forms", async () => ({ LeadForm: (await import("…/features/forms/stubLeadForm")).StubLeadForm })).
import type { LeadFormProps } from "./LeadForm";

/** The props of each form the stub rendered, the latest last. */
export const shownLeadForms: LeadFormProps[] = [];

/** A form named after the one asked for, with a field for the dialog's focus to land in. */
export function StubLeadForm(props: LeadFormProps) {
  shownLeadForms.push(props);
  return (
    <form aria-label={`form ${props.form}`}>
      <label>
        Email <input name="email" />
      </label>
    </form>
  );
}
