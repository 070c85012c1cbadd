import { useId } from "react";
import { useTranslation } from "react-i18next";
import type { PropertyDetail } from "../../api/types";
import { mailto } from "./mailto";

type Props = { property: PropertyDetail; agencyEmail: string; url: string };

/**
 * The listing's documents, and a way to ask the agency for them: an e-mail
 * to the agency's address naming the reference, until the request form exists.
 */
export function DocumentsSection({ property: p, agencyEmail, url }: Props) {
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
      {agencyEmail && (
        <p className="property-documents__request">
          <a
            className="property-button property-documents__request-link"
            href={mailto(agencyEmail, t("documents.subject", { id: p.id }), t("documents.body", { id: p.id, title: p.title || p.type, url }))}
          >
            {t("documents.request")}
          </a>
        </p>
      )}
    </section>
  );
}
