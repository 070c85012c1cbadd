import { ContentPage } from "../content/ContentPage";
import type { PageProps } from "../registry";

/** The free valuation page: its heading and the text config gives it. */
export function ContactDemandPage(props: PageProps) {
  return <ContentPage {...props} name="contact-demand-page" />;
}
