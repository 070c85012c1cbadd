import { ContentPage } from "../content/ContentPage";
import type { PageProps } from "../props";

/** Home below the shell's banner and search block: the welcome text and the modules. */
export function HomePage(props: PageProps) {
  return <ContentPage {...props} name="home-page" />;
}
