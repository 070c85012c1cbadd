import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import { usePage } from "../app/context";
import "./Breadcrumb.css";

/** The trail from home to the page on screen (page.breadcrumb); not on home. */
export function Breadcrumb() {
  const { t } = useTranslation("common");
  const page = usePage();
  const crumbs = page.breadcrumb;
  if (page.view === "home" || crumbs.length === 0) return null;
  return (
    <nav className="breadcrumb container" aria-label={t("breadcrumb.label")}>
      <ol className="breadcrumb__list">
        {crumbs.map((crumb, i) => {
          const last = i === crumbs.length - 1;
          return (
            <li key={`${crumb.path}-${i}`} className="breadcrumb__item">
              {last || !crumb.path ? (
                <span aria-current={last ? "page" : undefined}>{crumb.name}</span>
              ) : (
                <Link to={crumb.path}>{crumb.name}</Link>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
