import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { ProjectDetail } from "../../lib/api/types";
import { FormDialog, preloadLeadForm, type FormPick } from "../../features/forms/FormDialog";

/** The form the project's 'ask' request opens (forms.json's table says which), bound to this project. */
const inquiryOf =
  (project: ProjectDetail): FormPick =>
  (table) => {
    const found = table.formForRequest("project", "ask");
    return found && { form: { form: found.form, fixed: { project: project.id }, ...(found.defaults && { defaults: found.defaults }) } };
  };

/** 'Ask about this project': the construction contact form in a dialog, bound to this project. */
export function ProjectInquiry({ project }: { project: ProjectDetail }) {
  const { t } = useTranslation("projects");
  const [form, setForm] = useState<FormPick | null>(null);
  return (
    <>
      <p className="project-contact__ask">
        <button
          type="button"
          className="project-contact__ask-button"
          aria-haspopup="dialog"
          onClick={() => setForm(() => inquiryOf(project))}
          onPointerEnter={preloadLeadForm}
          onFocus={preloadLeadForm}
        >
          {t("contact.ask")}
        </button>
      </p>
      <FormDialog
        form={form}
        onClose={() => setForm(null)}
        title={t("contact.ask")}
        labels={{ close: t("contact.close"), loading: t("contact.loading"), failed: t("contact.failed") }}
      >
        <p className="project-contact__subject">{project.name}</p>
      </FormDialog>
    </>
  );
}
