import { useId } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { PageForms } from "../../features/forms";
import { ContentBody } from "../content/ContentBody";
import { usePaths } from "../content/paths";
import { Modules } from "../modules/Modules";
import type { PageProps } from "../props";
import { addressLines, openStreetMapUrl } from "./address";
import { LegalMentions } from "./LegalMentions";
import { OpeningHoursTable } from "./OpeningHoursTable";
import "./office.css";

/** The agency: contact details, opening hours, where to find it, and how to reach it. */
export function OfficePage({ site, page }: PageProps) {
  const { t } = useTranslation(["pages", "forms"]);
  const { agency } = site;
  const lines = addressLines(agency.address, page.lang);
  const paths = usePaths(site, page.lang);
  const contactPath = paths.of("/contact-demand/");
  const ids = { details: useId(), location: useId(), contact: useId() };
  const addressBlock = (
    <address className="office-page__address">
      {lines.map((line) => (
        <span key={line} className="office-page__address-line">
          {line}
        </span>
      ))}
    </address>
  );

  return (
    <div className="content-page container office-page">
      <h1 className="content-page__title">{page.title}</h1>
      <ContentBody content={page.content} />

      <div className="office-page__grid">
        <section className="office-page__section office-page__details" aria-labelledby={ids.details}>
          <h2 id={ids.details} className="office-page__heading">
            {t("office.details")}
          </h2>
          <p className="office-page__name">{agency.name}</p>
          <dl className="office-page__facts">
            <dt>{t("office.address")}</dt>
            <dd>{addressBlock}</dd>
            <dt>{t("office.phone")}</dt>
            <dd>
              <a href={agency.phoneHref}>{agency.phone}</a>
            </dd>
            <dt>{t("office.email")}</dt>
            <dd>
              <a href={`mailto:${agency.email}`}>{agency.email}</a>
            </dd>
          </dl>
        </section>

        <OpeningHoursTable hours={agency.openingHours} />

        <section className="office-page__section office-page__location" aria-labelledby={ids.location}>
          <h2 id={ids.location} className="office-page__heading">
            {t("office.location.title")}
          </h2>
          <div className="office-page__map">
            <span className="office-page__pin" aria-hidden="true" />
            <p className="office-page__map-name">{agency.name}</p>
            {addressBlock}
            <a className="office-page__map-link" href={openStreetMapUrl(agency.geo)} target="_blank" rel="noopener noreferrer">
              {t("office.location.openMap")}{" "}
              <span className="visually-hidden">({t("newTab")})</span>
            </a>
          </div>
        </section>

        <section className="office-page__section office-page__contact" aria-labelledby={ids.contact}>
          <h2 id={ids.contact} className="office-page__heading">
            {t("office.contact.title")}
          </h2>
          <p>{t("office.contact.text")}</p>
          <ul className="office-page__contact-list">
            <li>
              <a href={agency.phoneHref}>{agency.phone}</a>
            </li>
            <li>
              <a href={`mailto:${agency.email}`}>{agency.email}</a>
            </li>
          </ul>
          {contactPath && (
            <Link className="content-page__button" to={contactPath}>
              {t("office.contact.valuation")}
            </Link>
          )}
        </section>
      </div>

      <LegalMentions site={site} lang={page.lang} />

      <div className="office-page__forms">
        <PageForms view={page.view} />
      </div>

      <Modules modules={page.content?.modules ?? []} page={page} site={site} />
    </div>
  );
}
