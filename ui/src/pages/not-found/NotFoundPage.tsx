import { useId, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { usePaths } from "../content/paths";
import type { PageProps } from "../props";
import "./not-found.css";

/** What an unknown address shows (with status 404): a way to search and a way home. */
export function NotFoundPage({ site, page }: PageProps) {
  const { t } = useTranslation("pages");
  const navigate = useNavigate();
  const inputId = useId();
  const [query, setQuery] = useState("");
  const paths = usePaths(site, page.lang);
  const forSale = paths.of("/for-sale/");

  // Without JavaScript the form still works as a plain GET to the same address.
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (!forSale) return;
    event.preventDefault();
    const q = query.trim();
    navigate(q ? `${forSale}?${new URLSearchParams({ query: q })}` : forSale);
  };

  return (
    <div className="content-page container not-found-page">
      <h1 className="content-page__title">{page.missing === "property" ? page.title : t("notFound.heading")}</h1>
      <p className="not-found-page__text">{t(page.missing === "property" ? "notFound.propertyText" : "notFound.text")}</p>
      {forSale && (
        <form className="not-found-page__search" role="search" action={forSale} method="get" onSubmit={onSubmit}>
          <label className="not-found-page__label" htmlFor={inputId}>
            {t("notFound.searchLabel")}
          </label>
          <div className="not-found-page__row">
            <input
              id={inputId}
              className="not-found-page__input"
              type="search"
              name="query"
              value={query}
              onChange={(e) => setQuery(e.target.value)}
              autoComplete="off"
            />
            <button className="not-found-page__submit" type="submit">
              {t("notFound.search")}
            </button>
          </div>
        </form>
      )}
      <p>
        <Link className="content-page__link not-found-page__home" to={paths.home}>
          {t("notFound.home")}
        </Link>
      </p>
    </div>
  );
}
