import { useId, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { TFunction } from "i18next";
import type { LegalMentionRow, LegalMentions as Block } from "../../lib/api/types";
import { epcClass, epcText } from "../../features/search/epc";
import { formatters, type Formatters } from "./format";
// The grade colours of the result cards, so a label reads the same on the card and here.
import "../../features/search/PropertyCard.css";

type Props = { mentions: Block | null; lang: string };

// The rows whose field names a standard abbreviation (compliance/codes.go): the code's meaning is written out,
// since the regions' rules (and the BIV's deontology) forbid an advertisement to leave a reader with abbreviations.
const coded = new Set(["permit", "planning", "summons", "preemption", "subdivision"]);
// The figures and the unit each is given in.
const units: Record<string, string> = { epcValue: "perArea", pebPrimary: "perArea", pebTotal: "total", co2: "co2" };
const scores = new Set(["A", "B", "C", "D"]);

function valueOf(row: LegalMentionRow, t: TFunction<"property">, f: Formatters): ReactNode {
  const unit = units[row.field];
  if (unit && row.number !== undefined) return t(`legal.units.${unit}`, { value: f.number(row.number) });
  switch (row.field) {
    case "epcLabel":
    case "pebClass": {
      const text = row.value || epcText(row.label ?? "");
      const grade = epcClass(row.label ?? "");
      return grade ? <span className={`legal-mentions__grade property-card__epc property-card__epc--${grade}`}>{text}</span> : text;
    }
    case "pScore":
    case "gScore":
      return row.value && scores.has(row.value) ? t("legal.score", { score: row.value, meaning: t(`legal.scores.${row.value}`) }) : row.value;
    case "asbestos":
      if (row.notCommunicated) return t("legal.notCommunicated");
      return row.date ? t("legal.dated", { value: row.value, date: row.date }) : row.value;
  }
  if (coded.has(row.field) && row.code) {
    // An unknown code (a newer list on the server) falls back to the platform's own words.
    const meaning = t(`legal.codes.${row.field}.${row.code}`, { defaultValue: row.value ?? row.code });
    return (
      <>
        {meaning} <small className="legal-mentions__code">{t("legal.code", { code: row.code })}</small>
      </>
    );
  }
  return row.value;
}

/**
 * The mentions the region's law asks of an advertisement (compliance.Block),
 * in the server's order under one heading: EPC or PEB figures, Flemish
 * planning information with its codes written out, flood scores, asbestos
 * certificate, Luxembourg's energy passport. Nothing outside those regions.
 */
export function LegalMentions({ mentions, lang }: Props) {
  const { t } = useTranslation("property");
  const id = useId();
  if (!mentions || mentions.rows.length === 0) return null;
  const f = formatters(lang);
  return (
    <section className="property-group property-group--mentions legal-mentions" aria-labelledby={id}>
      <h2 className="property-group__title" id={id}>
        {t("legal.title", { region: t(`legal.regions.${mentions.region}`) })}
      </h2>
      <dl className="property-group__list">
        {mentions.rows.map((row, i) => (
          <div key={`${row.rule}.${row.field}.${i}`} className={`property-group__row legal-mentions__row--${row.field}`}>
            <dt className="property-group__label">{t(`legal.fields.${row.field}`)}</dt>
            <dd className="property-group__value">{valueOf(row, t, f)}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
