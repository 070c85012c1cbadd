import { lazy, useId, type ComponentType } from "react";
import { Island } from "../../app/Island";
import { useTranslation } from "react-i18next";
import type { OwnerPropertyDetail } from "../../lib/api/account";
import { formatDay, formatNumber } from "./format";
import { TableScroll } from "./TableScroll";
import type { ViewsChartProps } from "./ViewsChart";

function ChartFailed() {
  const { t } = useTranslation("account");
  return <p className="owner-portal__note">{t("portal.chart.failed")}</p>;
}

// Chart.js loads only when a property's figures are on screen, as a chunk of its own.
const ViewsChart = lazy(
  (): Promise<{ default: ComponentType<ViewsChartProps> }> => import("./ViewsChart").catch(() => ({ default: ChartFailed })),
);

/** The views of the last 30 days: a bar chart, and the same figures as a table for whoever cannot see it. */
export function LastDays({ days, lang }: { days: OwnerPropertyDetail["last30"]; lang: string }) {
  const { t } = useTranslation("account");
  const id = useId();
  const total = days.reduce((sum, d) => sum + d.views, 0);
  const max = days.reduce((m, d) => Math.max(m, d.views), 0);
  const first = days[0];
  const last = days[days.length - 1];
  const summary =
    first && last
      ? t("portal.chart.summary", {
          from: formatDay(first.date, lang),
          to: formatDay(last.date, lang),
          total: formatNumber(total, lang),
          max: formatNumber(max, lang),
        })
      : "";
  return (
    <section className="owner-portal__section">
      <h3 id={`${id}-title`} className="owner-portal__section-title">
        {t("portal.chart.heading")}
      </h3>
      <div className="owner-portal__chart">
        <Island fallback={<p className="owner-portal__note">{t("portal.chart.loading")}</p>}>
          <ViewsChart days={days} lang={lang} label={t("portal.chart.views")} summary={summary} />
        </Island>
      </div>
      <details className="owner-portal__details">
        <summary className="owner-portal__summary">{t("portal.chart.table")}</summary>
        <TableScroll labelledBy={`${id}-caption`}>
          <table className="owner-portal__table">
            <caption id={`${id}-caption`} className="visually-hidden">
              {t("portal.chart.heading")}
            </caption>
            <thead>
              <tr>
                <th scope="col">{t("portal.chart.date")}</th>
                <th scope="col" className="owner-portal__num">
                  {t("portal.chart.views")}
                </th>
              </tr>
            </thead>
            <tbody>
              {days.map((d) => (
                <tr key={d.date}>
                  <th scope="row">{formatDay(d.date, lang)}</th>
                  <td className="owner-portal__num">{formatNumber(d.views, lang)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      </details>
    </section>
  );
}
