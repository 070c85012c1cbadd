import { Trans, useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { PropertyDetail } from "../../lib/api/types";
import { epcLabelText, formatters } from "./format";

type Props = { property: PropertyDetail; title: string; lang: string };

// A withdrawn listing is on offer no more: its state notice says so, and no availability or price stands above it.
const offered = (p: PropertyDetail) => !p.withdrawn && p.status !== "withdrawn";

/**
 * The top of the detail: what and where, status and price, kept short so the
 * first photo right under it stays within a phone's first screen.
 */
export function PropertyFacts({ property: p, title, lang }: Props) {
  const { t } = useTranslation("property");
  const f = formatters(lang);
  // The regions' rent rules ask a rent to be advertised with its monthly common charges, and the price of a new
  // build to say whether VAT or registration duties come on top (compliance rules {region}.rent, newbuild.price).
  const charges = p.goal === "rent" && p.costs.chargesRenter ? p.costs.chargesRenter : 0;
  const priceNote = p.mentions?.priceNote ?? "";
  // The platform's banner repeats the status for sold/rented/option listings; it adds something only on available ones.
  const banner = p.status === "available" && p.marqueeName ? p.marqueeName : "";
  const shown = offered(p);

  return (
    <header className="property-facts">
      <h1 className="content-page__title property-facts__title">{title}</h1>
      <p className="property-facts__subtitle">{t("heading", { type: p.type, city: p.city })}</p>
      <div className="property-facts__line">
        {shown && <span className={`property-facts__status property-facts__status--${p.status}`}>{t(`status.${p.status}`)}</span>}
        {shown && banner && <span className="property-facts__banner">{banner}</span>}
        {shown && p.priceText && (
          <p className="property-facts__price">
            <span className="visually-hidden">{t("labelled", { label: t("price") })} </span>
            <span className="property-facts__amount">{p.priceText}</span>
            {charges > 0 && (
              <>
                {" "}
                <span className="property-facts__charges">{t("legal.charges", { amount: f.money(charges) })}</span>
              </>
            )}
            {p.previousPriceText && (
              <>
                {" "}
                <del className="property-facts__previous">
                  <span className="visually-hidden">{t("labelled", { label: t("previousPrice") })} </span>
                  {p.previousPriceText}
                </del>
              </>
            )}
          </p>
        )}
      </div>
      {shown && p.priceText && priceNote && <p className="property-facts__price-note">{t(`legal.priceNote.${priceNote}`)}</p>}
    </header>
  );
}

/** The figures under the first photo: price per m², reference, project, rooms, surfaces and EPC. */
export function PropertyKeyFacts({ property: p, lang }: Omit<Props, "title">) {
  const { t } = useTranslation("property");
  const f = formatters(lang);
  const figures = [
    p.layout.bedrooms ? { key: "bedrooms", text: t("figures.bedrooms", { count: p.layout.bedrooms }) } : null,
    p.layout.bathrooms ? { key: "bathrooms", text: t("figures.bathrooms", { count: p.layout.bathrooms }) } : null,
    p.surfaces.living ? { key: "living", text: t("figures.living", { value: f.number(p.surfaces.living) }) } : null,
    p.surfaces.ground ? { key: "ground", text: t("figures.ground", { value: f.number(p.surfaces.ground) }) } : null,
    p.energy.label || p.energy.labelText
      ? { key: "epc", text: t("figures.epc", { label: epcLabelText(p.energy.label, p.energy.labelText), context: p.energy.region }) }
      : null,
  ].filter((x): x is { key: string; text: string } => x !== null);
  // What buyers compare listings by; a 'from' price or a rent has no such figure.
  const perSquareMetre =
    p.goal === "sale" && !p.price.startingFrom && p.price.amount && p.surfaces.living ? Math.round(p.price.amount / p.surfaces.living) : 0;

  return (
    <div className="property-facts__more">
      <div className="property-facts__line property-facts__line--small">
        {offered(p) && p.priceText && perSquareMetre > 0 && (
          <p className="property-facts__per-m2">{t("perSquareMetre", { amount: f.money(perSquareMetre) })}</p>
        )}
        <p className="property-facts__ref">{t("reference", { id: p.id })}</p>
      </div>
      {p.project ? (
        <p className="property-facts__project">
          <Trans t={t} i18nKey="projectLink" values={{ name: p.project.name }} components={{ 1: <Link to={p.project.url} /> }} />
        </p>
      ) : (
        p.projectId !== 0 && <p className="property-facts__project">{t("project")}</p>
      )}
      {figures.length > 0 && (
        <ul className="property-facts__figures" aria-label={t("figures.label")}>
          {figures.map((fig) => (
            <li key={fig.key} className={`property-facts__figure property-facts__figure--${fig.key}`}>
              {fig.text}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
