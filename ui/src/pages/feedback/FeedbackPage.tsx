import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { ContentBody } from "../content/ContentBody";
import { usePaths } from "../content/paths";
import type { PageProps } from "../registry";
import { formOf } from "./forms";
import "./feedback.css";

/** The thank-you page a form lands on, with words that fit the form. */
export function FeedbackPage({ site, page }: PageProps) {
  const { t } = useTranslation("pages");
  const paths = usePaths(site, page.lang);
  const forSale = paths.of("/for-sale/");
  const key = `feedback.forms.${formOf(page.internal) ?? "default"}`;
  return (
    <div className="content-page container feedback-page">
      <h1 className="content-page__title">{page.title}</h1>
      <div className="feedback-page__panel">
        <span className="feedback-page__check" aria-hidden="true" />
        <h2 className="feedback-page__heading">{t(`${key}.heading`)}</h2>
        <p className="feedback-page__message">{t(`${key}.message`)}</p>
      </div>
      <ContentBody content={page.content} />
      <ul className="feedback-page__links">
        <li>
          <Link className="content-page__button" to={paths.home}>
            {t("feedback.home")}
          </Link>
        </li>
        {forSale && (
          <li>
            <Link className="content-page__link feedback-page__link" to={forSale}>
              {t("feedback.forSale")}
            </Link>
          </li>
        )}
      </ul>
    </div>
  );
}
