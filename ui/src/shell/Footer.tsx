import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import type { FooterColumn as Column, PageData } from "../lib/api/types";
import { useLang, usePage, useRouteTable, useSite } from "../app/context";
import { fillText, pickText } from "../lib/content/text";
import "./Footer.css";

const legalPages = [
  { internal: "/disclaimer/", key: "footer.disclaimer" },
  { internal: "/privacy-statement/", key: "footer.privacy" },
  { internal: "/cookie-policy/", key: "footer.cookiePolicy" },
] as const;

/** The spans a column's class names give it on the 12-column grid. */
const spans = new Set([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);

/**
 * A column's classes: its span on the 12-column grid per device class, 0
 * hiding it there. Classes, not a style attribute: the CSP (style-src
 * 'self') refuses style attributes in the server's HTML. A width outside
 * 1-12 keeps the device class's default span.
 */
export function columnClass(widths: Column["widths"]): string {
  const classes = ["footer__col"];
  for (const device of ["sm", "md", "lg"] as const) {
    const width = widths[device];
    if (width === 0) classes.push(`footer__col--hide-${device}`);
    else if (spans.has(width)) classes.push(`footer__col--${device}-${width}`);
  }
  return classes.join(" ");
}

function FooterColumn({ column }: { column: Column }) {
  const lang = useLang();
  const title = pickText(column.title, lang);
  const intro = column.introText.public ? pickText(column.introText.html, lang) : "";
  const full = column.fullText.public ? pickText(column.fullText.html, lang) : "";
  return (
    <section className={columnClass(column.widths)}>
      {title && <h2 className="footer__title">{title}</h2>}
      {/* Server-rendered from the config's Markdown, which allows no raw HTML. */}
      {intro && <div className="footer__text" dangerouslySetInnerHTML={{ __html: intro }} />}
      {full && <div className="footer__text" dangerouslySetInnerHTML={{ __html: full }} />}
      {column.images.map((image) => (
        <img
          key={image.src}
          className="footer__image"
          src={image.src}
          width={image.width}
          height={image.height}
          alt={pickText(image.alt, lang)}
          loading="lazy"
          decoding="async"
        />
      ))}
    </section>
  );
}

function openCookieSettings() {
  // The consent module loads on its own after first paint; the button waits for it.
  void import("../features/consent").then((m) => m.openConsentSettings());
}

/**
 * The copyright's year: the page data's, which the server sets when it makes
 * the page, so the server's render and the browser's hydration read the
 * same (the browser's clock and time zone may be on another day, and a
 * cached page was made earlier). Until the server sends it, the year the
 * UI was built, the same in both bundles.
 */
export function copyrightYear(page: PageData): number {
  return page.year ?? __BUILD_YEAR__;
}

/**
 * The mentions the law asks of an agency's website on every page (Code of
 * Economic Law art. XII.6, BIV/IPI deontology code art. 20), compactly: the
 * professional title with the BIV/IPI number and its country, the KBO/BCE
 * and VAT numbers, the supervising authority, the insurer with the policy
 * and a link to the deontology code. The office page states them in full.
 */
function AgencyMentions() {
  const { t } = useTranslation("common");
  const { agency } = useSite();
  const lang = useLang();
  const title = pickText(agency.ipiTitle, lang);
  const supervisor = { name: pickText(agency.supervisor.name, lang), address: pickText(agency.supervisor.address, lang) };
  const deontology = pickText(agency.deontologyUrl, lang);
  const items = [
    agency.legalName,
    agency.ipi && (title ? t("footer.licence", { title, ipi: agency.ipi }) : t("footer.ipi", { ipi: agency.ipi })),
    agency.companyNumber && t("footer.companyNumber", { number: agency.companyNumber }),
    agency.vat && t("footer.vat", { vat: agency.vat }),
    supervisor.name && t("footer.supervisor", supervisor),
    agency.insurer.name && agency.insurer.policy && t("footer.insurer", agency.insurer),
  ].filter((s): s is string => Boolean(s));
  if (items.length === 0 && !deontology) return null;
  return (
    <ul className="footer__ids" aria-label={t("footer.mentions")}>
      {items.map((item) => (
        <li key={item}>{item}</li>
      ))}
      {deontology && (
        <li>
          <a href={deontology} target="_blank" rel="noopener noreferrer">
            {t("footer.deontology")}
            <span className="visually-hidden"> {t("a11y.newTab")}</span>
          </a>
        </li>
      )}
    </ul>
  );
}

export function Footer() {
  const { t } = useTranslation("common");
  const site = useSite();
  const lang = useLang();
  const page = usePage();
  const table = useRouteTable();
  const { agency, footer } = site;
  const copyright = fillText(pickText(footer.copyright, lang), { year: copyrightYear(page), name: agency.name });
  return (
    <footer className="footer">
      {footer.columns.length > 0 && (
        <div className="container footer__grid">
          {footer.columns.map((column, i) => (
            <FooterColumn key={i} column={column} />
          ))}
        </div>
      )}
      <div className="footer__bottom">
        <div className="container footer__bottom-inner">
          <div className="footer__identity">
            {copyright && <p className="footer__copyright">{copyright}</p>}
            <AgencyMentions />
          </div>
          <nav aria-label={t("footer.legal")}>
            <ul className="footer__legal">
              {legalPages.map(({ internal, key }) => {
                const to = table.localize(internal, lang);
                return to ? (
                  <li key={internal}>
                    <Link to={to}>{t(key)}</Link>
                  </li>
                ) : null;
              })}
              {site.consent.enabled && (
                <li>
                  <button type="button" className="footer__cookie-button" onClick={openCookieSettings}>
                    {t("footer.cookieSettings")}
                  </button>
                </li>
              )}
            </ul>
          </nav>
        </div>
      </div>
    </footer>
  );
}
