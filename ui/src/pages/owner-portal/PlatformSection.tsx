import { lazy, useId, useMemo, useState, type ComponentType, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Island } from "../../app/Island";
import type { PlatformStats } from "../../lib/api/account";
import { joinList } from "../../lib/format/list";
import { FigureList } from "./Figures";
import { formatDay, formatMoment, formatNumber } from "./format";
import type { MediaChartProps } from "./MediaChart";
import { onlineOrder, platformChart, preview, type PlatformChart } from "./platform";
import { TableScroll } from "./TableScroll";

function ChartFailed() {
  const { t } = useTranslation("account");
  return <p className="owner-portal__note">{t("portal.chart.failed")}</p>;
}

// Chart.js loads only in the browser, once the figures are on screen, as ViewsChart does.
const MediaChart = lazy(
  (): Promise<{ default: ComponentType<MediaChartProps> }> => import("./MediaChart").catch(() => ({ default: ChartFailed })),
);

/**
 * What the agency's listing platform counts about the property (Omnicasa: its views per medium, where the listing
 * was online, its appointments and contacts), apart from this website's own counts. The platform's texts (media,
 * kinds, statuses) show as given: they come in the page's language.
 */
export function PlatformSection({ stats, lang }: { stats: PlatformStats; lang: string }) {
  const { t } = useTranslation("account");
  const id = useId();
  const moment = stats.fetchedAt ? formatMoment(stats.fetchedAt, lang) : null;
  const fetched = moment?.time ? moment : null; // an unreadable moment is left out
  return (
    <section className="owner-portal__platform" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="owner-portal__section-title">
        {t("portal.platform.heading")}
      </h3>
      <p className="owner-portal__note">
        {fetched ? t("portal.platform.sourceUpdated", { day: fetched.day, time: fetched.time }) : t("portal.platform.source")}
      </p>
      <Part title={t("portal.platform.visits")} empty={false} emptyText="">
        {() => <FigureList visits={stats.visits} lang={lang} />}
      </Part>
      <MediaViews media={stats.media} lang={lang} />
      <Online online={stats.online} lang={lang} />
      <Calendar calendar={stats.calendar} lang={lang} />
      <Communication communication={stats.communication} lang={lang} />
    </section>
  );
}

/** A titled part of the platform's section (h4 under its h3), with its empty state. */
function Part({
  title,
  empty,
  emptyText,
  children,
}: {
  title: string;
  empty: boolean;
  emptyText: string;
  children: (titleId: string) => ReactNode;
}) {
  const id = useId();
  return (
    // A group, not a region: the parts sit inside the platform's landmark, whose name says whose figures they are.
    <div role="group" className="owner-portal__part" aria-labelledby={`${id}-title`}>
      <h4 id={`${id}-title`} className="owner-portal__part-title">
        {title}
      </h4>
      {empty ? <p className="owner-portal__empty">{emptyText}</p> : children(`${id}-title`)}
    </div>
  );
}

/** The views per medium of the last 30 days: a legend with each medium's total, stacked bars, the same as a table. */
function MediaViews({ media, lang }: { media: PlatformStats["media"]; lang: string }) {
  const { t } = useTranslation("account");
  const id = useId();
  const chart = useMemo(() => platformChart(media), [media]);
  const other = t("portal.platform.chart.other");
  const series = useMemo(
    () => chart.series.map((s) => ({ label: s.other ? other : s.medium, views: s.views, colour: s.colour })),
    [chart, other],
  );
  const summary = useChartSummary(chart, lang);
  return (
    <Part title={t("portal.platform.chart.heading")} empty={chart.dates.length === 0} emptyText={t("portal.platform.chart.empty")}>
      {() => (
        <>
          <ul className="owner-portal__legend" aria-label={t("portal.platform.chart.legend")}>
            {series.map((s) => (
              <li key={s.label} className="owner-portal__legend-item">
                <span className="owner-portal__swatch" style={{ backgroundColor: s.colour }} aria-hidden="true" />
                <span className="owner-portal__legend-name">{s.label}</span>{" "}
                <span className="owner-portal__legend-total">{formatNumber(sumOf(s.views), lang)}</span>
              </li>
            ))}
          </ul>
          <div className="owner-portal__chart">
            <Island fallback={<p className="owner-portal__note">{t("portal.chart.loading")}</p>}>
              <MediaChart dates={chart.dates} series={series} lang={lang} summary={summary} />
            </Island>
          </div>
          <details className="owner-portal__details">
            <summary className="owner-portal__summary">{t("portal.platform.chart.table")}</summary>
            <TableScroll labelledBy={`${id}-caption`}>
              <table className="owner-portal__table">
                <caption id={`${id}-caption`} className="visually-hidden">
                  {t("portal.platform.chart.heading")}
                </caption>
                <thead>
                  <tr>
                    <th scope="col">{t("portal.chart.date")}</th>
                    {chart.media.map((m) => (
                      <th key={m.medium} scope="col" className="owner-portal__num">
                        {m.medium}
                      </th>
                    ))}
                    <th scope="col" className="owner-portal__num">
                      {t("portal.columns.total")}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {chart.dates.map((date, i) => (
                    <tr key={date}>
                      <th scope="row">{formatDay(date, lang)}</th>
                      {chart.media.map((m) => (
                        <td key={m.medium} className="owner-portal__num">
                          {formatNumber(m.views[i] ?? 0, lang)}
                        </td>
                      ))}
                      <td className="owner-portal__num">{formatNumber(chart.perDay[i] ?? 0, lang)}</td>
                    </tr>
                  ))}
                </tbody>
                <tfoot>
                  <tr>
                    <th scope="row">{t("portal.columns.total")}</th>
                    {chart.media.map((m) => (
                      <td key={m.medium} className="owner-portal__num">
                        {formatNumber(m.total, lang)}
                      </td>
                    ))}
                    <td className="owner-portal__num">{formatNumber(chart.total, lang)}</td>
                  </tr>
                </tfoot>
              </table>
            </TableScroll>
          </details>
        </>
      )}
    </Part>
  );
}

function sumOf(values: number[]): number {
  return values.reduce((s, v) => s + v, 0);
}

/** The chart in words: its days, the total and each medium's share ("Immoweb: 412, Zimmo: 120 en Website: 33"). */
function useChartSummary(chart: PlatformChart, lang: string): string {
  const { t } = useTranslation("account");
  const first = chart.dates[0];
  const last = chart.dates[chart.dates.length - 1];
  if (!first || !last) return "";
  const media = joinList(
    chart.media.map((m) => t("portal.platform.chart.medium", { medium: m.medium, views: formatNumber(m.total, lang) })),
    (first, second, isLast) => t(isLast ? "portal.platform.join.last" : "portal.platform.join.next", { first, second }),
  );
  return t("portal.platform.chart.summary", {
    from: formatDay(first, lang),
    to: formatDay(last, lang),
    total: formatNumber(chart.total, lang),
    media,
  });
}

/** Where the listing was online, and from when to when. */
function Online({ online, lang }: { online: PlatformStats["online"]; lang: string }) {
  const { t } = useTranslation("account");
  const periods = useMemo(() => onlineOrder(online), [online]);
  return (
    <Part title={t("portal.platform.online.heading")} empty={periods.length === 0} emptyText={t("portal.platform.online.empty")}>
      {(titleId) => (
        <TableScroll labelledBy={titleId}>
          <table className="owner-portal__table" aria-labelledby={titleId}>
            <thead>
              <tr>
                <th scope="col">{t("portal.platform.online.medium")}</th>
                <th scope="col">{t("portal.platform.online.from")}</th>
                <th scope="col">{t("portal.platform.online.to")}</th>
              </tr>
            </thead>
            <tbody>
              {periods.map((p, i) => (
                <tr key={`${p.medium}-${p.from}-${i}`}>
                  <th scope="row">{p.medium}</th>
                  <td>
                    <time dateTime={p.from} className="owner-portal__nowrap">
                      {formatDay(p.from, lang, "medium")}
                    </time>
                  </td>
                  <td>
                    {p.to ? (
                      <time dateTime={p.to} className="owner-portal__nowrap">
                        {formatDay(p.to, lang, "medium")}
                      </time>
                    ) : (
                      <span className="owner-portal__live">{t("portal.platform.online.still")}</span>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
    </Part>
  );
}

/** A history of the platform, newest first: the first few, and a button for the rest. */
function HistoryTable<T extends { date: string }>({
  titleId,
  entries,
  columns,
  cells,
  lang,
}: {
  titleId: string;
  entries: T[];
  columns: string[];
  cells: (entry: T) => string[];
  lang: string;
}) {
  const { t } = useTranslation("account");
  const [all, setAll] = useState(false);
  const bodyId = useId();
  const { shown } = preview(entries, all);
  const long = preview(entries, false).hidden > 0;
  return (
    <>
      <TableScroll labelledBy={titleId}>
        <table className="owner-portal__table" aria-labelledby={titleId}>
          <thead>
            <tr>
              <th scope="col">{t("portal.history.date")}</th>
              {columns.map((c) => (
                <th key={c} scope="col">
                  {c}
                </th>
              ))}
            </tr>
          </thead>
          <tbody id={bodyId}>
            {shown.map((e, i) => {
              const { day, time } = formatMoment(e.date, lang);
              return (
                <tr key={`${e.date}-${i}`}>
                  <td>
                    <time dateTime={e.date} className="owner-portal__moment">
                      <span>{day}</span> <span>{time}</span>
                    </time>
                  </td>
                  {cells(e).map((c, j) => (
                    <td key={j}>{c}</td>
                  ))}
                </tr>
              );
            })}
          </tbody>
        </table>
      </TableScroll>
      {long && (
        <button
          type="button"
          className="outline-button owner-portal__more"
          aria-controls={bodyId}
          aria-expanded={all}
          onClick={() => setAll(!all)}
        >
          {all ? t("portal.platform.showFewer") : t("portal.platform.showAll", { total: formatNumber(entries.length, lang) })}
        </button>
      )}
    </>
  );
}

/** The platform's appointments about the property: when, what kind, how it stands. */
function Calendar({ calendar, lang }: { calendar: PlatformStats["calendar"]; lang: string }) {
  const { t } = useTranslation("account");
  return (
    <Part title={t("portal.platform.calendar.heading")} empty={calendar.length === 0} emptyText={t("portal.platform.calendar.empty")}>
      {(titleId) => (
        <HistoryTable
          titleId={titleId}
          entries={calendar}
          columns={[t("portal.history.type"), t("portal.history.status")]}
          cells={(a) => [a.kind, a.status]}
          lang={lang}
        />
      )}
    </Part>
  );
}

/** The platform's contacts about the property: when and what kind. */
function Communication({ communication, lang }: { communication: PlatformStats["communication"]; lang: string }) {
  const { t } = useTranslation("account");
  return (
    <Part
      title={t("portal.platform.communication.heading")}
      empty={communication.length === 0}
      emptyText={t("portal.platform.communication.empty")}
    >
      {(titleId) => (
        <HistoryTable titleId={titleId} entries={communication} columns={[t("portal.history.type")]} cells={(c) => [c.kind]} lang={lang} />
      )}
    </Part>
  );
}
