import { useId } from "react";
import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import { useLang, usePage, useRouteTable, useSite } from "../app/context";
import { pickText } from "../lib/content/text";
import "./HomeSearch.css";

/** The optional block on home: a title, a description and the way to the sale and rent lists with their counts. */
export function HomeSearch() {
  const { t } = useTranslation("common");
  const { homeSearch } = useSite();
  const page = usePage();
  const lang = useLang();
  const table = useRouteTable();
  const titleId = useId();
  if (!homeSearch.enabled) return null;
  const title = pickText(homeSearch.title, lang);
  const description = pickText(homeSearch.description, lang);
  const counts = homeSearch.showCounts ? page.counts : undefined;
  const goals = [
    { key: "sale", internal: "/for-sale/", label: t("homeSearch.forSale"), count: counts?.sale },
    { key: "rent", internal: "/for-rent/", label: t("homeSearch.forRent"), count: counts?.rent },
  ] as const;
  return (
    <section
      className="home-search"
      aria-labelledby={title ? titleId : undefined}
      aria-label={title ? undefined : t("homeSearch.label")}
    >
      <div className="container home-search__inner">
        {title && (
          <h2 id={titleId} className="home-search__title">
            {title}
          </h2>
        )}
        {description && <p className="home-search__description">{description}</p>}
        <ul className="home-search__actions">
          {goals.map((goal) => {
            const to = table.localize(goal.internal, lang);
            if (!to) return null;
            return (
              <li key={goal.key}>
                <Link to={to} className={`button home-search__button home-search__button--${goal.key}`}>
                  <span>{goal.label}</span>
                  {goal.count !== undefined && (
                    <span className="home-search__count">{t("homeSearch.count", { count: goal.count })}</span>
                  )}
                </Link>
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}
