import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { ProjectCard as ProjectCardData } from "../../lib/api/types";
import { CardImage, type CardLoad } from "../../features/search/CardImage";
import { formatDelivery, formatList, priceRange } from "./format";

interface Props {
  project: ProjectCardData;
  load: CardLoad;
}

/** One project in the list: photo, name, town, price range, delivery and types, linking to its page. */
export function ProjectCard({ project, load }: Props) {
  const { t } = useTranslation("projects");
  const thumb = project.thumbnail;
  return (
    <article className="card project-card">
      <div className="card__media project-card__media">
        <CardImage thumb={thumb} load={load} className="project-card__image" />
        {project.soldOut && <span className="project-badge project-card__badge">{t("soldOut.badge")}</span>}
      </div>
      <div className="card__body project-card__body">
        <h2 className="card__title project-card__title">
          <Link className="card__link project-card__link" to={project.url}>
            {project.name}
          </Link>
        </h2>
        <p className="project-card__town">{[project.zip, project.city].filter(Boolean).join(" ")}</p>
        <dl className="project-card__facts">
          <div className="project-card__fact">
            <dt>{t("labelled", { label: t("price.label") })}</dt>
            <dd>{priceRange(t, project.priceMinText, project.priceMaxText)}</dd>
          </div>
          {project.delivery && (
            <div className="project-card__fact">
              <dt>{t("labelled", { label: t("facts.delivery") })}</dt>
              <dd>{formatDelivery(t, project.delivery)}</dd>
            </div>
          )}
          {project.types.length > 0 && (
            <div className="project-card__fact">
              <dt>{t("labelled", { label: t("facts.types") })}</dt>
              <dd>{formatList(project.types, t)}</dd>
            </div>
          )}
        </dl>
        {project.description && <p className="project-card__description">{project.description}</p>}
      </div>
    </article>
  );
}
