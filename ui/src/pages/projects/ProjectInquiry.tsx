import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { ProjectDetail } from "../../lib/api/types";
import { FormDialog, preloadLeadForm } from "../../features/forms/FormDialog";
import type { LeadFormProps } from "../../features/forms";

/** 'Ask about this project': the construction contact form in a dialog, bound to this project. */
export function ProjectInquiry({ project }: { project: ProjectDetail }) {
  const { t } = useTranslation("projects");
  const [form, setForm] = useState<LeadFormProps | null>(null);
  return (
    <>
      <p className="project-contact__ask">
        <button
          type="button"
          className="project-contact__ask-button"
          aria-haspopup="dialog"
          onClick={() => setForm({ form: "contact-construction", fixed: { project: project.id } })}
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
