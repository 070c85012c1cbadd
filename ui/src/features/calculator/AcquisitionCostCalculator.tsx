import { useId, useMemo, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { formatEuro, formatPercent } from "../../lib/format";
import { acquisitionCosts, isCalculatorRegion, type CostLine, type StatedNotary } from "./costs";
import { checkPrice, priceBounds } from "./price";
import { calculatorRegions, situations, type CalculatorRates, type CalculatorRegion, type Situation } from "../../lib/api/calculatorRates";
import "./AcquisitionCostCalculator.css";

export interface AcquisitionCostCalculatorProps {
  /** The asking price; null for a price on request (the visitor types one in). */
  price: number | null;
  /** The listing's region as the server spells it; an unknown one starts on the first region. */
  region: "flanders" | "wallonia" | "brussels" | string;
  lang: string;
  /** SiteData.calculator: the rates of config.yaml's site.calculator. */
  rates: CalculatorRates;
  /** The notary's fee the listing states for its asking price, shown instead of the scale's estimate at that price. */
  statedNotary?: StatedNotary;
}

/**
 * Amounts as the listing writes them (a stated amount keeps its cents:
 * "€ 2.150,50") and rates ("12,5 %" in French). Not Intl: the calculator is
 * rendered on the server with the page, and must read the same in every browser.
 */
function formatters(lang: string) {
  return { money: (n: number) => formatEuro(n, lang), percent: (n: number) => formatPercent(n, lang, 3) };
}

/**
 * The words under a cost line. The notary's lines say where their amount comes from: the agency's figure at the
 * asking price, or the legal scale, which for another price differs from what the listing states, and says so.
 */
function explanationKey(line: CostLine, situation: Situation, statedElsewhere: boolean): string {
  if (line.stated) return line.key === "notaryFee" ? "explain.notaryFeeStated" : "explain.notaryVatStated";
  if (line.key === "notaryFee" && statedElsewhere) return "explain.notaryFeeOtherPrice";
  if (line.key !== "registration") return `explain.${line.key}`;
  if (line.abatement) return line.abatement.applied ? "explain.registrationAbatement" : "explain.registrationAbatementExceeded";
  return situation === "onlyHome" ? "explain.registrationOnlyHome" : "explain.registrationOther";
}

export function AcquisitionCostCalculator({ price, region, lang, rates, statedNotary }: AcquisitionCostCalculatorProps) {
  const { t } = useTranslation("calculator", { lng: lang });
  const id = useId();
  const [priceText, setPriceText] = useState(price === null ? "" : String(price));
  // Whether the visitor has left the price field once: a price still being typed is not refused before that.
  const [left, setLeft] = useState(false);
  const [chosenRegion, setChosenRegion] = useState<CalculatorRegion>(
    isCalculatorRegion(region) ? region : calculatorRegions[0],
  );
  const [situation, setSituation] = useState<Situation>("onlyHome");
  const format = useMemo(() => formatters(lang), [lang]);

  const check = checkPrice(priceText);
  const amount = check.state === "valid" ? check.price : null;
  const refusal = check.state === "refused" && (check.early || left) ? check.problem : null;
  const hasStated = statedNotary !== undefined && statedNotary.fee > 0;
  // The listing's figure is for its asking price; for any other price only the scale can tell.
  const atAskingPrice = hasStated && amount !== null && amount === price;
  const result =
    amount === null
      ? null
      : acquisitionCosts({ price: amount, region: chosenRegion, situation }, rates, atAskingPrice ? statedNotary : undefined);
  const errorId = `${id}-price-error`;

  return (
    <section className="calculator" aria-labelledby={`${id}-title`}>
      <h2 className="calculator__title" id={`${id}-title`}>
        {t("title")}
      </h2>
      <form
        className="calculator__form"
        noValidate
        onSubmit={(e: FormEvent) => {
          e.preventDefault();
          setLeft(true);
        }}
      >
        <div className="calculator__field">
          <label htmlFor={`${id}-price`}>{t("form.price")}</label>
          <input
            id={`${id}-price`}
            className="calculator__input"
            type="text"
            inputMode="numeric"
            autoComplete="off"
            aria-invalid={refusal ? true : undefined}
            aria-describedby={refusal ? `${id}-price-hint ${errorId}` : `${id}-price-hint`}
            value={priceText}
            onChange={(e) => setPriceText(e.target.value)}
            onBlur={() => setLeft(true)}
          />
          <span className="calculator__hint" id={`${id}-price-hint`}>
            {t("form.priceHint")}
          </span>
          {refusal && (
            <p className="calculator__error" id={errorId}>
              {t(`errors.${refusal}`, { min: format.money(priceBounds.min), max: format.money(priceBounds.max) })}
            </p>
          )}
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
                    {t(explanationKey(line, situation, hasStated), {
                      rate: line.rate === undefined ? "" : format.percent(line.rate),
                      inRegion: t(`inRegion.${chosenRegion}`),
                      abatement: line.abatement ? format.money(line.abatement.amount) : "",
                      maxPrice: line.abatement ? format.money(line.abatement.maxPrice) : "",
                      stated: hasStated ? format.money(statedNotary.fee) : "",
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
          : t(refusal ? "result.fixPrice" : "result.enterPrice")}
      </p>
      <p className="calculator__disclaimer">{t("disclaimer")}</p>
    </section>
  );
}

export default AcquisitionCostCalculator;
