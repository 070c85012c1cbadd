import { useId } from "react";
import { useTranslation } from "react-i18next";
import type { PropertyFeature } from "../../lib/api/types";
import type { FieldGroup } from "./groups";

type Props = { group: FieldGroup | undefined; features?: PropertyFeature[] };

/** One group of detail fields as a description list; the comfort group also lists the equipment flags. */
export function FieldGroupSection({ group, features = [] }: Props) {
  const { t } = useTranslation("property");
  const id = useId();
  if (!group) return null;
  return (
    <section className={`property-group property-group--${group.id}`} aria-labelledby={id}>
      <h2 className="property-group__title" id={id}>
        {group.title}
      </h2>
      {group.rows.length > 0 && (
        <dl className="property-group__list">
          {group.rows.map((row) => (
            <div key={row.key} className={`property-group__row property-group__row--${row.key}`}>
              <dt className="property-group__label">{row.label}</dt>
              <dd className="property-group__value">{row.value}</dd>
            </div>
          ))}
        </dl>
      )}
      {features.length > 0 && (
        <>
          <h3 className="property-group__subtitle">{t("features.title")}</h3>
          <ul className="property-group__features">
            {features.map((feature) => (
              <li key={feature} className="property-group__feature">
                {t(`features.${feature}`)}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
