import { useId } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { Lang, ProjectDetail } from "../../lib/api/types";
import { formatNumber } from "./format";

/** A missing figure: a dash to the eye, words to a screen reader. */
function NotGiven() {
  const { t } = useTranslation("projects");
  return (
    <>
      <span aria-hidden="true">–</span>
      <span className="visually-hidden">{t("units.notGiven")}</span>
    </>
  );
}

/**
 * A cell's column name, shown only where the style sheet stacks each row
 * into a card (a phone): screen readers have the table's own headers.
 */
function CellLabel({ children }: { children: string }) {
  return (
    <span className="project-units__label" aria-hidden="true">
      {children}
    </span>
  );
}

/**
 * The project's units with their floor, size, price and status. On a phone
 * each unit is a card of label and value, name and status on top, so price
 * and status never sit past the screen's edge; wider, it is a table in a
 * focusable region named by its caption, which scrolls if it must.
 */
export function UnitsTable({ project, lang }: { project: ProjectDetail; lang: Lang }) {
  const { t } = useTranslation("projects");
  const headingId = useId();
  const captionId = useId();
  const units = project.units;
  return (
    <section className="project-units" aria-labelledby={headingId}>
      <h2 id={headingId} className="project-page__heading">
        {t("units.heading")}
      </h2>
      {project.soldOut && <p className="project-units__sold-out">{t("soldOut.notice")}</p>}
      {units.length === 0 ? (
        <p className="project-units__none">{t("units.none")}</p>
      ) : (
        <div className="project-units__scroll" role="region" aria-labelledby={captionId} tabIndex={0}>
          <table className="project-units__table">
            <caption id={captionId} className="project-units__caption">
              {t("units.caption", { name: project.name })}
            </caption>
            <thead>
              <tr>
                <th scope="col">{t("units.name")}</th>
                <th scope="col">{t("units.floor")}</th>
                <th scope="col" className="project-units__num">
                  {t("units.bedrooms")}
                </th>
                <th scope="col" className="project-units__num">
                  {t("units.surface")}
                </th>
                <th scope="col" className="project-units__num">
                  {t("units.price")}
                </th>
                <th scope="col">{t("units.status")}</th>
              </tr>
            </thead>
            <tbody>
              {units.map((unit) => (
                <tr key={unit.id || unit.name} className={`project-units__row project-units__row--${unit.status}`}>
                  <th scope="row" className="project-units__name">
                    {unit.url ? (
                      <Link className="project-units__link" to={unit.url}>
                        {unit.name}
                      </Link>
                    ) : (
                      unit.name
                    )}
                  </th>
                  <td className="project-units__floor">
                    <CellLabel>{t("units.floor")}</CellLabel>
                    <span className="project-units__value">{unit.floor || <NotGiven />}</span>
                  </td>
                  <td className="project-units__num project-units__bedrooms">
                    <CellLabel>{t("units.bedrooms")}</CellLabel>
                    <span className="project-units__value">{unit.bedrooms ? formatNumber(unit.bedrooms, lang) : <NotGiven />}</span>
                  </td>
                  <td className="project-units__num project-units__surface">
                    <CellLabel>{t("units.surface")}</CellLabel>
                    <span className="project-units__value">{unit.surface ? formatNumber(unit.surface, lang) : <NotGiven />}</span>
                  </td>
                  <td className="project-units__num project-units__price">
                    <CellLabel>{t("units.price")}</CellLabel>
                    <span className="project-units__value">{unit.priceText || t("units.priceOnRequest")}</span>
                  </td>
                  <td className="project-units__status">
                    <span className={`project-status project-status--${unit.status}`}>{t(`status.${unit.status}`)}</span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
