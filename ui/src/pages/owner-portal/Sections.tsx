import { useId, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { OwnerPropertyDetail } from "../../lib/api/account";
import { formatMoment, formatNumber, formatSpan, sourceLabel } from "./format";
import { TableScroll } from "./TableScroll";

/** A titled part of a property's page, with its empty state when it has nothing to show. Its table's scroll region carries the title as landmark name, so the section does not repeat it. */
function Section({
  title,
  note,
  empty,
  emptyText,
  children,
}: {
  title: string;
  note?: string;
  empty: boolean;
  emptyText: string;
  children: (titleId: string) => ReactNode;
}) {
  const id = useId();
  return (
    <section className="owner-portal__section">
      <h3 id={`${id}-title`} className="owner-portal__section-title">
        {title}
      </h3>
      {note && <p className="owner-portal__note">{note}</p>}
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

/** The viewings booked through the site, upcoming first: when, not who. */
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
                <th scope="col">{t("portal.appointments.status")}</th>
              </tr>
            </thead>
            <tbody>
              {appointments.map((a, i) => (
                // Two visitors may book the same slot: the rows are alike on purpose.
                <tr key={i} className={`owner-portal__appointment--${a.status}`}>
                  <td>
                    <time dateTime={a.start}>{formatSpan(a.start, a.end, lang)}</time>
                  </td>
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

/** How many requests of each kind the property drew, most first. */
export function RequestKinds({ kinds, lang }: { kinds: OwnerPropertyDetail["kinds"]; lang: string }) {
  const { t } = useTranslation("account");
  return (
    <Section title={t("portal.requests.heading")} empty={kinds.length === 0} emptyText={t("portal.requests.empty")}>
      {(titleId) => (
        <TableScroll labelledBy={titleId}>
          <table className="owner-portal__table" aria-labelledby={titleId}>
            <thead>
              <tr>
                <th scope="col">{t("portal.requests.kind")}</th>
                <th scope="col" className="owner-portal__num">
                  {t("portal.requests.count")}
                </th>
              </tr>
            </thead>
            <tbody>
              {kinds.map((k) => (
                <tr key={k.kind}>
                  <th scope="row">{t(`portal.history.kinds.${k.kind}`)}</th>
                  <td className="owner-portal__num">{formatNumber(k.count, lang)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
    </Section>
  );
}

/** Every request about the property, newest first: what was asked and when, never who asked or what they wrote. */
export function History({ history, lang }: { history: OwnerPropertyDetail["history"]; lang: string }) {
  const { t } = useTranslation("account");
  const columns = ["date", "type", "source", "status"] as const;
  return (
    <Section
      title={t("portal.history.heading")}
      note={t("portal.history.note")}
      empty={history.length === 0}
      emptyText={t("portal.history.empty")}
    >
      {(titleId) => (
        <TableScroll labelledBy={titleId}>
          <table className="owner-portal__table" aria-labelledby={titleId}>
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
              {history.map((h, i) => {
                const { day, time } = formatMoment(h.date, lang);
                return (
                  <tr key={`${h.date}-${i}`}>
                    <td>
                      <time dateTime={h.date} className="owner-portal__moment">
                        <span>{day}</span> <span>{time}</span>
                      </time>
                    </td>
                    <td>{t(`portal.history.kinds.${h.kind}`)}</td>
                    <td>{sourceLabel(h.source, t)}</td>
                    <td>{t(`portal.history.statuses.${h.state}`)}</td>
                  </tr>
                );
              })}
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
