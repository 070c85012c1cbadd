import { PageForms } from "../../features/forms";
import { ContentBody } from "../content/ContentBody";
import { Modules } from "../modules/Modules";
import type { PageProps } from "../props";

/** The free valuation page: the text config gives it, then the request form. */
export function ContactDemandPage({ site, page }: PageProps) {
  return (
    <div className="content-page container contact-demand-page">
      <h1 className="content-page__title">{page.title}</h1>
      <ContentBody content={page.content} />
      <PageForms view={page.view} />
      <Modules modules={page.content?.modules ?? []} page={page} site={site} />
    </div>
  );
}
