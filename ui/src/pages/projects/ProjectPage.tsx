import { useId } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { ProjectDetail, SiteData } from "../../lib/api/types";
import { PropertyVideos } from "../../features/media/PropertyVideos";
import { usePaths } from "../content/paths";
import type { PageProps } from "../props";
import { ProjectContact } from "./ProjectContact";
import { ProjectDocuments } from "./ProjectDocuments";
import { ProjectFacts } from "./ProjectFacts";
import { ProjectInquiry } from "./ProjectInquiry";
import { ProjectMedia } from "./ProjectMedia";
import { UnitsTable } from "./UnitsTable";
import "../content/content.css";
import "./projects.css";

/** A new-build project: what, where, for how much and when, its photos, units, documents and who to ask. */
export function ProjectPage({ site, page }: PageProps) {
  const project = page.project;
  if (!project) return <ProjectNotFound site={site} page={page} />;
  return <ProjectView project={project} site={site} page={page} />;
}

function ProjectView({ project, site, page }: PageProps & { project: ProjectDetail }) {
  const { t } = useTranslation("projects");
  const descriptionId = useId();
  return (
    <article className="content-page container project-page">
      <header className="project-page__header">
        <h1 className="content-page__title project-page__title">{project.name}</h1>
        {project.soldOut && <p className="project-badge project-page__badge">{t("soldOut.badge")}</p>}
      </header>
      <div className="project-page__top">
        <ProjectMedia project={project} />
        <ProjectFacts project={project} />
      </div>
      {project.paragraphs.length > 0 && (
        <section className="project-page__description" aria-labelledby={descriptionId}>
          <h2 id={descriptionId} className="project-page__heading">
            {t("description.heading")}
          </h2>
          {project.paragraphs.map((p, i) => (
            <p key={i}>{p}</p>
          ))}
        </section>
      )}
      <PropertyVideos videos={project.videos} title={project.name} />
      <UnitsTable project={project} lang={page.lang} />
      <ProjectDocuments documents={project.documents} />
      <ProjectContact agent={project.agent} agency={site.agency} lang={page.lang}>
        <ProjectInquiry project={project} />
      </ProjectContact>
    </article>
  );
}

/** An unknown or withdrawn project (HTTP 404): the not-found page's title, the reason, and the other projects. */
function ProjectNotFound({ site, page }: { site: SiteData; page: PageProps["page"] }) {
  const { t } = useTranslation("projects");
  const paths = usePaths(site, page.lang);
  const list = paths.of("/projects/");
  return (
    <div className="content-page container project-page project-page--not-found">
      <h1 className="content-page__title">{page.title || t("notFound.message")}</h1>
      <p className="project-page__not-found">{t("notFound.message")}</p>
      <p>{t("notFound.text")}</p>
      <ul className="project-page__links">
        {list && (
          <li>
            <Link className="content-page__link" to={list}>
              {t("notFound.list")}
            </Link>
          </li>
        )}
        <li>
          <Link className="content-page__link" to={paths.home}>
            {t("notFound.home")}
          </Link>
        </li>
      </ul>
    </div>
  );
}
