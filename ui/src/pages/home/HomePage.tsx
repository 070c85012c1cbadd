import { ContentPage } from "../content/ContentPage";
import type { PageProps } from "../registry";

/** Home below the shell's banner and search block: the welcome text and the modules. */
export function HomePage(props: PageProps) {
  return <ContentPage {...props} name="home-page" />;
}
