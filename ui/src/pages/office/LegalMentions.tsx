import { Fragment, useId, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { Lang, SiteData } from "../../lib/api/types";
import { pickText } from "../../lib/content/text";

/**
 * The agency's legal mentions in full, as the law asks an agency's website to
 * state them (Code of Economic Law art. XII.6, BIV/IPI deontology code of 29
 * June 2018 art. 20): company, professional title with the BIV/IPI number and
 * the country of the licence, KBO/BCE and VAT numbers, the supervising
 * authority with its address, the professional liability insurer with the
 * policy, and the deontology code. The footer repeats them compactly.
 */
export function LegalMentions({ site, lang }: { site: SiteData; lang: Lang }) {
  const { t } = useTranslation("pages");
  const id = useId();
  const { agency } = site;
  const title = pickText(agency.ipiTitle, lang);
  const supervisor = { name: pickText(agency.supervisor.name, lang), address: pickText(agency.supervisor.address, lang) };
  const deontology = pickText(agency.deontologyUrl, lang);
  const rows: [label: string, value: ReactNode][] = [];
  const add = (label: string, value: ReactNode) => {
    if (value) rows.push([label, value]);
  };
  add(t("office.legal.legalName"), agency.legalName);
  add(t("office.legal.professionalTitle"), title);
  add(t("office.legal.ipi"), agency.ipi);
  // The BIV/IPI licenses agents in Belgium only: a BIV/IPI number is a Belgian licence.
  add(t("office.legal.country"), agency.ipi && t("office.legal.countryName"));
  add(t("office.legal.companyNumber"), agency.companyNumber);
  add(t("office.legal.vat"), agency.vat);
  add(
    t("office.legal.supervisor"),
    supervisor.name && (
      <>
        <span className="office-page__address-line">{supervisor.name}</span>
        {supervisor.address && <span className="office-page__address-line">{supervisor.address}</span>}
      </>
    ),
  );
  add(
    t("office.legal.insurer"),
    agency.insurer.name && agency.insurer.policy && t("office.legal.policy", { name: agency.insurer.name, policy: agency.insurer.policy }),
  );
  add(
    t("office.legal.deontology"),
    deontology && (
      <a href={deontology} target="_blank" rel="noopener noreferrer">
        {t("office.legal.deontologyLink")} <span className="visually-hidden">({t("newTab")})</span>
      </a>
    ),
  );
  if (rows.length === 0) return null;
  return (
    <section className="office-page__section office-page__legal" aria-labelledby={id}>
      <h2 id={id} className="office-page__heading">
        {t("office.legal.title")}
      </h2>
      <dl className="office-page__facts">
        {rows.map(([label, value]) => (
          <Fragment key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </Fragment>
        ))}
      </dl>
    </section>
  );
}
