import { Link, useLocation, useNavigate } from "react-router";
import { useTranslation } from "react-i18next";
import type { TFunction } from "i18next";
import type { MouseEvent } from "react";
import type { Lang } from "../lib/api/types";
import { usePage, useRouteTable, useSite } from "../app/context";
import { alternatePath, carriedSearch } from "../lib/routing/links";
import "./LanguageSwitcher.css";

/**
 * A language's name in that language ("Nederlands", "Français"), for the
 * switcher's accessible names. From the locale files, not Intl.DisplayNames:
 * the server has no Intl, and every page language lists the same names.
 * A language without one is named by its code.
 */
export function autonym(lang: Lang, t: TFunction<"common">): string {
  return t(`language.autonyms.${lang}`, { defaultValue: lang });
}

/** Links to the page on screen in each enabled language; shown only when there is more than one. */
export function LanguageSwitcher() {
  const { t } = useTranslation("common");
  const { languages } = useSite();
  const page = usePage();
  const table = useRouteTable();
  const { search } = useLocation();
  const navigate = useNavigate();
  if (languages.length < 2) return null;
  const carried = carriedSearch(page.view, search);
  // The list writes its filters with history.pushState, behind the router's
  // back: a click reads the address as it is now.
  const follow = (e: MouseEvent<HTMLAnchorElement>, lang: Lang) => {
    if (!carried && !carriedSearch(page.view, window.location.search)) return;
    if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    void navigate(alternatePath(page, lang, table) + carriedSearch(page.view, window.location.search));
  };
  return (
    <nav className="lang-switch" aria-label={t("language.label")}>
      <ul className="lang-switch__list">
        {languages.map((lang) => (
          <li key={lang}>
            <Link
              to={alternatePath(page, lang, table) + carried}
              onClick={(e) => follow(e, lang)}
              className="lang-switch__link"
              lang={lang}
              hrefLang={lang}
              // The name starts with the visible code (WCAG 2.5.3, label in name).
              aria-label={`${lang.toUpperCase()}, ${autonym(lang, t)}`}
              aria-current={lang === page.lang ? "true" : undefined}
            >
              {lang.toUpperCase()}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
