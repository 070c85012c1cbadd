import { useTranslation } from "react-i18next";
import type { ProjectDetail } from "../../lib/api/types";
import { formatDelivery, formatList, priceRange } from "./format";

/** The figures a buyer compares first: price range (with the price list), delivery, types, address, number. */
export function ProjectFacts({ project }: { project: ProjectDetail }) {
  const { t } = useTranslation("projects");
  const address = project.address;
  return (
    <dl className="project-facts" aria-label={t("facts.label")}>
      <div className="project-facts__item project-facts__item--price">
        <dt>{t("price.label")}</dt>
        <dd>
          <span className="project-facts__price">{priceRange(t, project.priceMinText, project.priceMaxText)}</span>
          {project.priceList && (
            <>
              {" "}
              <a className="project-facts__price-list" href={project.priceList}>
                {t("price.list")}
              </a>
            </>
          )}
        </dd>
      </div>
      {project.delivery && (
        <div className="project-facts__item">
          <dt>{t("facts.delivery")}</dt>
          <dd>{formatDelivery(t, project.delivery)}</dd>
        </div>
      )}
      {project.types.length > 0 && (
        <div className="project-facts__item">
          <dt>{t("facts.types")}</dt>
          <dd>{formatList(project.types, t)}</dd>
        </div>
      )}
      {address.formatted && (
        <div className="project-facts__item">
          <dt>{t("facts.address")}</dt>
          <dd>
            {address.formatted}
            {!address.published && <span className="project-facts__note">{t("facts.addressHidden")}</span>}
          </dd>
        </div>
      )}
      {project.number && (
        <div className="project-facts__item">
          <dt>{t("facts.number")}</dt>
          <dd>{project.number}</dd>
        </div>
      )}
    </dl>
  );
}
