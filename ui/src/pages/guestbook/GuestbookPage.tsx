import { PageForms } from "../../features/forms";
import { ContentBody } from "../content/ContentBody";
import { Modules } from "../modules/Modules";
import type { PageProps } from "../props";
import { Testimonials } from "./Testimonials";

/** The guestbook: its text, the testimonials visitors sent and the agency approved, the articles config relates to it, then the form to add one. */
export function GuestbookPage({ site, page }: PageProps) {
  return (
    <div className="content-page container guestbook-page">
      <h1 className="content-page__title">{page.title}</h1>
      <ContentBody content={page.content} />
      <Testimonials items={page.testimonials ?? []} />
      <Modules modules={page.content?.modules ?? []} page={page} site={site} />
      <PageForms view={page.view} />
    </div>
  );
}
