import { pageComponents } from "../pages/registry";
import type { PageProps } from "../pages/props";

type Views = Partial<Record<string, (typeof pageComponents)[keyof typeof pageComponents]>>;

/** Renders the page's view; a view the registry does not know is shown as not found. */
export function PageView({ site, page }: PageProps) {
  const views: Views = pageComponents;
  const View = views[page.view] ?? pageComponents["not-found"];
  return <View site={site} page={page} />;
}
