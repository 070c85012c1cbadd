import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { ContentBody } from "../content/ContentBody";
import { usePaths } from "../content/paths";
import { Modules } from "../modules/Modules";
import type { PageProps } from "../props";
import { cardLoad } from "../../features/search/CardImage";
import { ProjectCard } from "./ProjectCard";
import "../content/content.css";
import "./projects.css";

/** The new-build projects: the page's own text, then a card per current project. */
export function ProjectsPage({ site, page }: PageProps) {
  const { t } = useTranslation("projects");
  const paths = usePaths(site, page.lang);
  const projects = page.projects ?? [];
  const forSale = paths.of("/for-sale/");
  return (
    <div className="content-page container projects-page">
      <h1 className="content-page__title">{page.title}</h1>
      <ContentBody content={page.content} />
      {projects.length > 0 ? (
        <ul className="projects-page__list" aria-label={t("list.label", { count: projects.length })}>
          {projects.map((project, i) => (
            <li key={project.id} className="projects-page__item">
              <ProjectCard project={project} load={cardLoad(i)} />
            </li>
          ))}
        </ul>
      ) : (
        <div className="projects-page__empty">
          <p>{t("list.empty")}</p>
          {forSale && (
            <p>
              <Link className="content-page__link" to={forSale}>
                {t("list.forSale")}
              </Link>
            </p>
          )}
        </div>
      )}
      <Modules modules={page.content?.modules ?? []} page={page} site={site} />
    </div>
  );
}
