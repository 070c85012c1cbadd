import { ContentPage } from "../content/ContentPage";
import type { PageProps } from "../registry";

/** The guestbook: its text and the testimonial modules config relates to it. */
export function GuestbookPage(props: PageProps) {
  return <ContentPage {...props} name="guestbook-page" />;
}
