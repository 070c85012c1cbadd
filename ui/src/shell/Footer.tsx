import type { CSSProperties } from "react";
import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import type { FooterColumn as Column } from "../api/types";
import { useLang, useRouteTable, useSite } from "../app/context";
import { fillText, pickText } from "../content/text";
import "./Footer.css";

const legalPages = [
  { internal: "/disclaimer/", key: "footer.disclaimer" },
  { internal: "/privacy-statement/", key: "footer.privacy" },
  { internal: "/cookie-policy/", key: "footer.cookiePolicy" },
] as const;

/** A column's spans on the 12-column grid, per device class; 0 hides it there. */
export function columnStyle(widths: Column["widths"]): CSSProperties {
  return {
    "--footer-sm": widths.sm,
    "--footer-md": widths.md,
    "--footer-lg": widths.lg,
  } as CSSProperties;
}

function columnClass(widths: Column["widths"]): string {
  return [
    "footer__col",
    widths.sm === 0 && "footer__col--hide-sm",
    widths.md === 0 && "footer__col--hide-md",
    widths.lg === 0 && "footer__col--hide-lg",
  ]
    .filter(Boolean)
    .join(" ");
}

function FooterColumn({ column }: { column: Column }) {
  const lang = useLang();
  const title = pickText(column.title, lang);
  const intro = column.introText.public ? pickText(column.introText.html, lang) : "";
  const full = column.fullText.public ? pickText(column.fullText.html, lang) : "";
  return (
    <section className={columnClass(column.widths)} style={columnStyle(column.widths)}>
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
  void import("../consent").then((m) => m.openConsentSettings());
}

export function Footer() {
  const { t } = useTranslation("common");
  const site = useSite();
  const lang = useLang();
  const table = useRouteTable();
  const { agency, footer } = site;
  const copyright = fillText(pickText(footer.copyright, lang), { year: new Date().getFullYear(), name: agency.name });
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
            {(agency.vat || agency.ipi) && (
              <p className="footer__ids">
                {agency.vat && <span>{t("footer.vat", { vat: agency.vat })}</span>}
                {agency.ipi && <span>{t("footer.ipi", { ipi: agency.ipi })}</span>}
              </p>
            )}
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
