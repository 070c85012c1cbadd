import { useId } from "react";
import { useTranslation } from "react-i18next";
import type { ProjectDetail } from "../../lib/api/types";

const isPdf = (url: string) => /\.pdf($|[?#])/i.test(url);

/** The project's documents (price list, specifications, plans), or 'No documents'. */
export function ProjectDocuments({ documents }: { documents: ProjectDetail["documents"] }) {
  const { t } = useTranslation("projects");
  const headingId = useId();
  const linked = documents.filter((d) => d.url);
  return (
    <section className="project-documents" aria-labelledby={headingId}>
      <h2 id={headingId} className="project-page__heading">
        {t("documents.heading")}
      </h2>
      {linked.length > 0 ? (
        <ul className="project-documents__list">
          {linked.map((doc) => (
            <li key={doc.id ?? doc.url}>
              <a className="project-documents__link" href={doc.url}>
                {isPdf(doc.url ?? "") ? t("documents.pdf", { name: doc.name }) : doc.name}
              </a>
            </li>
          ))}
        </ul>
      ) : (
        <p className="project-documents__none">{t("documents.none")}</p>
      )}
    </section>
  );
}
