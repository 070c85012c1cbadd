import { useId, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { OwnerPropertyDetail } from "../../api/account";
import { formatMoment, formatNumber, formatSpan, historyStatus, historyType, sourceLabel } from "./format";
import { TableScroll } from "./TableScroll";

/** A titled part of a property's page, with its empty state when it has nothing to show. Its table's scroll region carries the title as landmark name, so the section does not repeat it. */
function Section({ title, empty, emptyText, children }: { title: string; empty: boolean; emptyText: string; children: (titleId: string) => ReactNode }) {
  const id = useId();
  return (
    <section className="owner-portal__section">
      <h3 id={`${id}-title`} className="owner-portal__section-title">
        {title}
      </h3>
      {empty ? <p className="owner-portal__empty">{emptyText}</p> : children(`${id}-title`)}
    </section>
  );
}

/** Visits by online medium: our site, Immoweb, Zimmo, … */
export function Sources({ sources, lang }: { sources: OwnerPropertyDetail["sources"]; lang: string }) {
  const { t } = useTranslation("account");
  return (
    <Section title={t("portal.sources.heading")} empty={sources.length === 0} emptyText={t("portal.sources.empty")}>
      {(titleId) => (
        <TableScroll labelledBy={titleId}>
          <table className="owner-portal__table" aria-labelledby={titleId}>
            <thead>
              <tr>
                <th scope="col">{t("portal.sources.source")}</th>
                <th scope="col" className="owner-portal__num">
                  {t("portal.sources.views")}
                </th>
              </tr>
            </thead>
            <tbody>
              {sources.map((s) => (
                <tr key={s.source}>
                  <th scope="row">{sourceLabel(s.source, t)}</th>
                  <td className="owner-portal__num">{formatNumber(s.views, lang)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
    </Section>
  );
}

/** The viewings booked through the site, upcoming first. */
export function Appointments({ appointments, lang }: { appointments: OwnerPropertyDetail["appointments"]; lang: string }) {
  const { t } = useTranslation("account");
  return (
    <Section title={t("portal.appointments.heading")} empty={appointments.length === 0} emptyText={t("portal.appointments.empty")}>
      {(titleId) => (
        <TableScroll labelledBy={titleId}>
          <table className="owner-portal__table" aria-labelledby={titleId}>
            <thead>
              <tr>
                <th scope="col">{t("portal.appointments.when")}</th>
                <th scope="col">{t("portal.appointments.name")}</th>
                <th scope="col">{t("portal.appointments.status")}</th>
              </tr>
            </thead>
            <tbody>
              {appointments.map((a) => (
                <tr key={`${a.start}-${a.name}`} className={`owner-portal__appointment--${a.status}`}>
                  <td>
                    <time dateTime={a.start}>{formatSpan(a.start, a.end, lang)}</time>
                  </td>
                  <td>{a.name}</td>
                  <td>{t(`portal.appointments.statuses.${a.status}`)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
    </Section>
  );
}

/** Every contact about the property, newest first: the site's requests and the platform's own history. */
export function History({ history, lang }: { history: OwnerPropertyDetail["history"]; lang: string }) {
  const { t } = useTranslation("account");
  const columns = ["date", "type", "contact", "subject", "comment", "status", "source"] as const;
  return (
    <Section title={t("portal.history.heading")} empty={history.length === 0} emptyText={t("portal.history.empty")}>
      {(titleId) => (
        <TableScroll labelledBy={titleId}>
          <table className="owner-portal__table owner-portal__table--history" aria-labelledby={titleId}>
            <thead>
              <tr>
                {columns.map((c) => (
                  <th key={c} scope="col">
                    {t(`portal.history.${c}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {history.map((h, i) => (
                <tr key={`${h.date}-${i}`}>
                  <td>
                    <time dateTime={h.date}>{formatMoment(h.date, lang)}</time>
                  </td>
                  <td>{historyType(h.type, t)}</td>
                  <td>{h.contact}</td>
                  <td>{h.subject}</td>
                  <td className="owner-portal__comment">{h.comment}</td>
                  <td>{historyStatus(h.status, t)}</td>
                  <td>{sourceLabel(h.source, t)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
    </Section>
  );
}

/** The property's documents, each a download of our server. */
export function Documents({ documents }: { documents: OwnerPropertyDetail["documents"] }) {
  const { t } = useTranslation("account");
  return (
    <Section title={t("portal.documents.heading")} empty={documents.length === 0} emptyText={t("portal.documents.empty")}>
      {() => (
        <ul className="owner-portal__documents">
          {documents.map((d) => (
            <li key={d.url}>
              <a href={d.url}>{d.name}</a>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}
