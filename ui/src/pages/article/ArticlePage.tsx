import { ContentBody } from "../content/ContentBody";
import { ContentImage } from "../content/ContentImage";
import { Modules } from "../modules/Modules";
import type { PageProps } from "../registry";
import "./article.css";

/** A service, legal, statistics or testimonial article: heading, image, intro, body, modules. */
export function ArticlePage({ site, page }: PageProps) {
  return (
    <article className="content-page container article-page">
      <h1 className="content-page__title">{page.title}</h1>
      <ContentImage setting={page.content?.image} lang={page.lang} />
      <ContentBody content={page.content} />
      <Modules modules={page.content?.modules ?? []} page={page} site={site} />
    </article>
  );
}
