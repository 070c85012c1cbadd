import { ContentPage } from "../content/ContentPage";
import type { PageProps } from "../registry";

/** The search-demand registration page: its heading and the text config gives it. */
export function DemandRegisterPage(props: PageProps) {
  return <ContentPage {...props} name="demand-register-page" />;
}
