import { useTranslation } from "react-i18next";
import type { View } from "../../lib/api/types";
import { FormSection } from "./FormSection";
import { LeadForm, type LeadFormProps } from "./LeadForm";
import { formsOn } from "./spec";

interface Props {
  view: View;
  /** The property types a form's types field offers. */
  typeOptions?: LeadFormProps["typeOptions"];
}

/**
 * The forms the pages of a view show in their body, as leads/forms.json's
 * places say, in order: each under its section's title and, when it has one,
 * text (the forms namespace's sections.{section}).
 */
export function PageForms({ view, typeOptions }: Props) {
  const { t } = useTranslation("forms");
  return formsOn(view).map(({ form, section }) => (
    <FormSection key={form} title={t(`sections.${section}.title`)} text={t(`sections.${section}.text`, { defaultValue: "" })}>
      <LeadForm form={form} typeOptions={typeOptions} />
    </FormSection>
  ));
}
