import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { ContentBody } from "../content/ContentBody";
import { ContentImage } from "../content/ContentImage";
import { usePaths } from "../content/paths";
import { Modules } from "../modules/Modules";
import type { PageProps } from "../props";
import "./article.css";

/** A service, legal, statistics or testimonial article: heading, image, intro, body, modules. */
export function ArticlePage({ site, page }: PageProps) {
  const { t } = useTranslation("pages");
  const paths = usePaths(site, page.lang);
  // A testimonial article leads to the guestbook, where every published testimonial is and a visitor can add theirs.
  const guestbook = page.internal.startsWith("/testimonials/") ? paths.of("/guestbook/") : null;
  return (
    <article className="content-page container article-page">
      <h1 className="content-page__title">{page.title}</h1>
      <ContentImage setting={page.content?.image} />
      <ContentBody content={page.content} />
      <Modules modules={page.content?.modules ?? []} page={page} site={site} />
      {guestbook && (
        <p className="article-page__guestbook">
          <Link className="content-page__link" to={guestbook}>
            {t("article.guestbook")}
          </Link>
        </p>
      )}
    </article>
  );
}
