import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import type { Lang } from "../api/types";
import { usePage, useRouteTable, useSite } from "../app/context";
import { alternatePath } from "../routing/links";
import "./LanguageSwitcher.css";

/** A language's name in that language ("Nederlands", "Français"), for the switcher's accessible names. */
export function autonym(lang: Lang): string {
  try {
    const name = new Intl.DisplayNames([lang], { type: "language" }).of(lang);
    if (!name) return lang;
    return name.charAt(0).toLocaleUpperCase(lang) + name.slice(1);
  } catch {
    return lang;
  }
}

/** Links to the page on screen in each enabled language; shown only when there is more than one. */
export function LanguageSwitcher() {
  const { t } = useTranslation("common");
  const { languages } = useSite();
  const page = usePage();
  const table = useRouteTable();
  if (languages.length < 2) return null;
  return (
    <nav className="lang-switch" aria-label={t("language.label")}>
      <ul className="lang-switch__list">
        {languages.map((lang) => (
          <li key={lang}>
            <Link
              to={alternatePath(page, lang, table)}
              className="lang-switch__link"
              lang={lang}
              hrefLang={lang}
              // The name starts with the visible code (WCAG 2.5.3, label in name).
              aria-label={`${lang.toUpperCase()}, ${autonym(lang)}`}
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
