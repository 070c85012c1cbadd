import { useId } from "react";
import { useTranslation } from "react-i18next";
import type { PropertyDetail } from "../../lib/api/types";
import { RequestButton } from "./RequestActions";

type Props = { property: PropertyDetail; onRequest?: () => void };

/** The listing's documents, and the request form for those the agency sends by e-mail. */
export function DocumentsSection({ property: p, onRequest }: Props) {
  const { t } = useTranslation("property");
  const id = useId();
  const docs = p.documents.filter((d) => d.name || d.url);
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
                  {d.name || d.url}
                  <span className="visually-hidden"> {t("documents.newTab")}</span>
                </a>
              ) : (
                d.name
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
