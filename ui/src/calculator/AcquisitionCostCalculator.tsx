import { useId, useMemo, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { acquisitionCosts, isCalculatorRegion, type CostLine } from "./costs";
import { calculatorRegions, situations, type CalculatorRates, type CalculatorRegion, type Situation } from "./rates";
import "./AcquisitionCostCalculator.css";

export interface AcquisitionCostCalculatorProps {
  /** The asking price; null for a price on request (the visitor types one in). */
  price: number | null;
  /** The listing's region as the server spells it; an unknown one starts on the first region. */
  region: "flanders" | "wallonia" | "brussels" | string;
  lang: string;
  /** SiteData.calculator: the rates of config.yaml's site.calculator. */
  rates: CalculatorRates;
}

/** Reads a typed price leniently: "350.000", "350 000" and "€ 350000" all mean 350000. */
export function parsePrice(text: string): number | null {
  const digits = text.replace(/[.,]\d{1,2}$/, "").replace(/\D/g, "");
  return digits ? Number(digits) : null;
}

function formatters(lang: string) {
  const locale = `${lang}-BE`;
  const money = new Intl.NumberFormat(locale, { style: "currency", currency: "EUR", maximumFractionDigits: 0 });
  const percent = new Intl.NumberFormat(locale, { style: "percent", maximumFractionDigits: 3 });
  return { money: (n: number) => money.format(n), percent: (n: number) => percent.format(n) };
}

function explanationKey(line: CostLine, situation: Situation): string {
  if (line.key !== "registration") return `explain.${line.key}`;
  if (line.abatement) return line.abatement.applied ? "explain.registrationAbatement" : "explain.registrationAbatementExceeded";
  return situation === "onlyHome" ? "explain.registrationOnlyHome" : "explain.registrationOther";
}

export function AcquisitionCostCalculator({ price, region, lang, rates }: AcquisitionCostCalculatorProps) {
  const { t } = useTranslation("calculator", { lng: lang });
  const id = useId();
  const [priceText, setPriceText] = useState(price === null ? "" : String(price));
  const [chosenRegion, setChosenRegion] = useState<CalculatorRegion>(
    isCalculatorRegion(region) ? region : calculatorRegions[0],
  );
  const [situation, setSituation] = useState<Situation>("onlyHome");
  const format = useMemo(() => formatters(lang), [lang]);

  const amount = parsePrice(priceText);
  const result = amount === null ? null : acquisitionCosts({ price: amount, region: chosenRegion, situation }, rates);

  return (
    <section className="calculator" aria-labelledby={`${id}-title`}>
      <h2 className="calculator__title" id={`${id}-title`}>
        {t("title")}
      </h2>
      <form className="calculator__form" onSubmit={(e: FormEvent) => e.preventDefault()}>
        <div className="calculator__field">
          <label htmlFor={`${id}-price`}>{t("form.price")}</label>
          <input
            id={`${id}-price`}
            className="calculator__input"
            type="text"
            inputMode="numeric"
            autoComplete="off"
            aria-describedby={`${id}-price-hint`}
            value={priceText}
            onChange={(e) => setPriceText(e.target.value)}
          />
          <span className="calculator__hint" id={`${id}-price-hint`}>
            {t("form.priceHint")}
          </span>
        </div>
        <div className="calculator__field">
          <label htmlFor={`${id}-region`}>{t("form.region")}</label>
          <select
            id={`${id}-region`}
            className="calculator__input"
            value={chosenRegion}
            onChange={(e) => {
              if (isCalculatorRegion(e.target.value)) setChosenRegion(e.target.value);
            }}
          >
            {calculatorRegions.map((r) => (
              <option key={r} value={r}>
                {t(`regions.${r}`)}
              </option>
            ))}
          </select>
        </div>
        <fieldset className="calculator__situations">
          <legend>{t("form.situation")}</legend>
          {situations.map((s) => (
            <div className="calculator__choice" key={s}>
              <input
                type="radio"
                id={`${id}-${s}`}
                name={`${id}-situation`}
                value={s}
                checked={situation === s}
                aria-describedby={`${id}-${s}-hint`}
                onChange={() => setSituation(s)}
              />
              <label htmlFor={`${id}-${s}`}>{t(`situations.${s}.label`)}</label>
              <span className="calculator__hint" id={`${id}-${s}-hint`}>
                {t(`situations.${s}.hint`)}
              </span>
            </div>
          ))}
        </fieldset>
      </form>

      {result && amount !== null && (
        <table className="calculator__table">
          <caption>{t("result.caption")}</caption>
          <thead>
            <tr>
              <th scope="col">{t("result.cost")}</th>
              <th scope="col" className="calculator__amount">
                {t("result.amount")}
              </th>
            </tr>
          </thead>
          <tbody>
            {result.lines.map((line) => (
              <tr key={line.key} data-line={line.key}>
                <th scope="row">
                  <span className="calculator__line">{t(`lines.${line.key}`)}</span>{" "}
                  <span className="calculator__explain">
                    {t(explanationKey(line, situation), {
                      rate: line.rate === undefined ? "" : format.percent(line.rate),
                      inRegion: t(`inRegion.${chosenRegion}`),
                      abatement: line.abatement ? format.money(line.abatement.amount) : "",
                      maxPrice: line.abatement ? format.money(line.abatement.maxPrice) : "",
                    })}
                  </span>
                </th>
                <td className="calculator__amount">{format.money(line.amount)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">{t("result.total")}</th>
              <td className="calculator__amount">{format.money(result.total)}</td>
            </tr>
            <tr>
              <th scope="row">{t("result.price")}</th>
              <td className="calculator__amount">{format.money(amount)}</td>
            </tr>
            <tr className="calculator__grand">
              <th scope="row">{t("result.totalWithPrice")}</th>
              <td className="calculator__amount">{format.money(result.totalWithPrice)}</td>
            </tr>
          </tfoot>
        </table>
      )}
      <p className="calculator__summary" aria-live="polite" aria-atomic="true">
        {result
          ? t("result.summary", { total: format.money(result.totalWithPrice), costs: format.money(result.total) })
          : t("result.enterPrice")}
      </p>
      <p className="calculator__disclaimer">{t("disclaimer")}</p>
    </section>
  );
}

export default AcquisitionCostCalculator;
