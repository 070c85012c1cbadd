import { useId } from "react";
import { useTranslation } from "react-i18next";
import type { PropertyDetail } from "../../lib/api/types";
import { RequestButton } from "./RequestActions";

type Props = { property: PropertyDetail; onRequest?: () => void };
type Doc = PropertyDetail["documents"][number];

/** The listing's documents, and the request form for those the agency sends by e-mail. */
export function DocumentsSection({ property: p, onRequest }: Props) {
  const { t } = useTranslation("property");
  const id = useId();
  const docs = p.documents.filter((d) => d.name || d.url);
  // The energy certificate has one name per region and language (an EPC in Flanders, an EPB/PEB in Brussels and
  // Wallonia, Luxembourg's energy passport), whatever the agency typed on the platform.
  const name = (d: Doc) => (d.kind === "epc" ? t("documents.epc", { context: p.energy.region }) : d.name || d.url);
  return (
    <section className="property-group property-documents" aria-labelledby={id}>
      <h2 className="property-group__title" id={id}>
        {t("documents.title")}
      </h2>
      {docs.length > 0 ? (
        <ul className="property-documents__list">
          {docs.map((d, i) => (
            <li key={d.id ?? `${d.name}-${i}`} className="property-documents__item">
              {d.url ? (
                <a className="property-documents__link" href={d.url} target="_blank" rel="noopener">
                  {name(d)}
                  <span className="visually-hidden"> {t("documents.newTab")}</span>
                </a>
              ) : (
                name(d)
              )}
            </li>
          ))}
        </ul>
      ) : (
        <p className="property-documents__none">{t("documents.none")}</p>
      )}
      {onRequest && (
        <p className="property-documents__request">
          <RequestButton onClick={onRequest}>{t("documents.request")}</RequestButton>
        </p>
      )}
    </section>
  );
}
