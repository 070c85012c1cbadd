import { ContentPage } from "../content/ContentPage";
import type { PageProps } from "../registry";

/** The owners' login page: its heading and the text config gives it. */
export function LoginPage(props: PageProps) {
  return <ContentPage {...props} name="login-page" />;
}
