import { useId } from "react";
import { useTranslation } from "react-i18next";
import type { VisitTotals } from "../../lib/api/account";
import { formatNumber } from "./format";

const periods = ["today", "week", "month", "total"] as const;

/** The four counts of the property's page on this website. */
export function Figures({ visits, lang }: { visits: VisitTotals; lang: string }) {
  const { t } = useTranslation("account");
  const id = useId();
  return (
    <section className="owner-portal__section" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="owner-portal__section-title">
        {t("portal.visits")}
      </h3>
      <FigureList visits={visits} lang={lang} />
      <p className="owner-portal__note">{t("portal.visitsNote")}</p>
    </section>
  );
}

/** Today, this week, this month and in total, as a row of figures. */
export function FigureList({ visits, lang }: { visits: VisitTotals; lang: string }) {
  const { t } = useTranslation("account");
  return (
    <dl className="owner-portal__figures">
      {periods.map((p) => (
        <div key={p} className="owner-portal__figure">
          <dt className="owner-portal__figure-label">{t(`portal.columns.${p}`)}</dt>
          <dd className="owner-portal__figure-value">{formatNumber(visits[p], lang)}</dd>
        </div>
      ))}
    </dl>
  );
}
