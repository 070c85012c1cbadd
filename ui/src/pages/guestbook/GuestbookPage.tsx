import { useTranslation } from "react-i18next";
import { FormSection, LeadForm } from "../../features/forms";
import { ContentBody } from "../content/ContentBody";
import { Modules } from "../modules/Modules";
import type { PageProps } from "../props";
import { Testimonials } from "./Testimonials";

/** The guestbook: its text, the testimonials visitors sent and the agency approved, the articles config relates to it, then the form to add one. */
export function GuestbookPage({ site, page }: PageProps) {
  const { t } = useTranslation("forms");
  return (
    <div className="content-page container guestbook-page">
      <h1 className="content-page__title">{page.title}</h1>
      <ContentBody content={page.content} />
      <Testimonials items={page.testimonials ?? []} />
      <Modules modules={page.content?.modules ?? []} page={page} site={site} />
      <FormSection title={t("sections.testimonial.title")} text={t("sections.testimonial.text")}>
        <LeadForm form="contact-testimonial" />
      </FormSection>
    </div>
  );
}
