import { useId } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { OwnerProperty } from "../../lib/api/account";
import { formatNumber } from "./format";
import { TableScroll } from "./TableScroll";

const periods = ["today", "week", "month", "total"] as const;

/** Every property of the owner with its visit counts; a title opens that property's figures. */
export function AllProperties({ properties, lang }: { properties: OwnerProperty[]; lang: string }) {
  const { t } = useTranslation("account");
  const id = useId();
  return (
    <section className="owner-portal__all">
      <h2 id={`${id}-title`} className="owner-portal__heading">
        {t("portal.all")}
      </h2>
      {properties.length === 0 ? (
        <p className="owner-portal__empty">{t("portal.none")}</p>
      ) : (
        <TableScroll labelledBy={`${id}-title`}>
          <table className="owner-portal__table" aria-labelledby={`${id}-title`}>
            <thead>
              <tr>
                <th scope="col">{t("portal.columns.property")}</th>
                <th scope="col">{t("portal.columns.status")}</th>
                <th scope="col">{t("portal.columns.price")}</th>
                {periods.map((p) => (
                  <th key={p} scope="col" className="owner-portal__num">
                    {t(`portal.columns.${p}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {properties.map((p) => (
                <tr key={p.id}>
                  <th scope="row" className="owner-portal__property-cell">
                    <Link to={{ search: `?property=${p.id}` }} aria-label={t("portal.details", { title: p.title })}>
                      {p.title}
                    </Link>
                    {p.city && <span className="owner-portal__city">{p.city}</span>}
                  </th>
                  <td>{t(`portal.status.${p.status}`)}</td>
                  <td>{p.priceText}</td>
                  {periods.map((period) => (
                    <td key={period} className="owner-portal__num">
                      {formatNumber(p.visits[period], lang)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
    </section>
  );
}
