import { useId } from "react";
import { useTranslation } from "react-i18next";
import type { PropertyDetail } from "../../lib/api/types";
import { epcLabelText, formatters } from "./format";

type Props = { energy: PropertyDetail["energy"]; lang: string; mentions?: PropertyDetail["mentions"] };

// The figures the legal mentions block (LegalMentions, right under this section) states, by its row field: shown
// there in the words the region's rules use, so not a second time here.
const inMentions: Record<string, string> = {
  epcLabel: "label",
  pebClass: "label",
  energyClass: "label",
  epcValue: "value",
  pebPrimary: "value",
  pebTotal: "total",
  co2: "co2",
  epcCode: "certNumber",
};

/**
 * The EPC: the label image of the region's scale, the certificate's figures the legal mentions do not already
 * state and, for E/F, the renovation duty.
 */
export function EnergySection({ energy: e, lang, mentions }: Props) {
  const { t } = useTranslation("property");
  const id = useId();
  const f = formatters(lang);
  const label = epcLabelText(e.label, e.labelText);
  const rows = [
    label ? { key: "label", value: label } : null,
    e.value ? { key: "value", value: t("units.energy", { value: f.number(e.value) }) } : null,
    e.total ? { key: "total", value: t("units.energyTotal", { value: f.number(e.total) }) } : null,
    e.co2 ? { key: "co2", value: t("units.co2", { value: f.number(e.co2) }) } : null,
    e.eLevel ? { key: "eLevel", value: `E${f.number(e.eLevel)}` } : null,
    e.expiry ? { key: "expiry", value: e.expiry } : null,
    e.certNumber ? { key: "certNumber", value: e.certNumber } : null,
  ]
    .filter((x): x is { key: string; value: string } => x !== null)
    .filter((row) => !mentions?.rows.some((m) => inMentions[m.field] === row.key));
  if (rows.length === 0 && !e.imagePath && !e.renovationNotice) return null;

  return (
    <section className="property-group property-group--energy property-energy" aria-labelledby={id}>
      <h2 className="property-group__title" id={id}>
        {t("groups.energy")}
      </h2>
      <div className="property-energy__body">
        {e.imagePath && (
          <img
            className="property-energy__image"
            src={e.imagePath}
            alt={t("energy.imageAlt", { label, context: e.region })}
            width={240}
            height={96}
            loading="lazy"
            decoding="async"
          />
        )}
        {rows.length > 0 && (
          <dl className="property-group__list">
            {rows.map((row) => (
              <div key={row.key} className={`property-group__row property-group__row--${row.key}`}>
                <dt className="property-group__label">{t(`energy.${row.key}`, { context: row.key === "label" ? e.region : undefined })}</dt>
                <dd className="property-group__value">{row.value}</dd>
              </div>
            ))}
          </dl>
        )}
      </div>
      {e.renovationNotice && (
        <div className="property-energy__notice">
          <h3 className="property-energy__notice-title">{t("energy.renovation.title")}</h3>
          <p>{t("energy.renovation.text")}</p>
        </div>
      )}
    </section>
  );
}
