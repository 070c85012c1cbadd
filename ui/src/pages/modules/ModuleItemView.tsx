import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { Lang, ModuleItem, SiteData } from "../../lib/api/types";
import { Picture } from "../content/ContentImage";
import { usePaths } from "../content/paths";

type Props = { item: ModuleItem; level: 2 | 3; large?: boolean; lang: Lang; site: SiteData };

/** One related article, testimonial or the agency's contact card. */
export function ModuleItemView({ item, level, large = false, lang, site }: Props) {
  const { t } = useTranslation("pages");
  const paths = usePaths(site, lang);
  const Heading = level === 2 ? "h2" : "h3";
  const contactPath = paths.of("/contact-demand/");
  return (
    <article className={`module-card module-card--${item.type}${large ? " module-card--large" : ""}`}>
      {item.image && <Picture image={item.image} className="module-card__image" eager={large} />}
      <div className="module-card__body">
        <Heading className="module-card__title">{item.title}</Heading>
        {item.intro && <p className="module-card__intro">{item.intro}</p>}
        {item.type === "contact" ? (
          <ul className="module-card__contact">
            <li>
              <span className="module-card__label">{t("modules.phone")}</span>{" "}
              <a href={site.agency.phoneHref}>{site.agency.phone}</a>
            </li>
            <li>
              <span className="module-card__label">{t("modules.email")}</span>{" "}
              <a href={`mailto:${site.agency.email}`}>{site.agency.email}</a>
            </li>
            {contactPath && (
              <li>
                <Link className="module-card__more" to={contactPath}>
                  {t("office.contact.valuation")}
                </Link>
              </li>
            )}
          </ul>
        ) : (
          item.path && (
            <Link className="module-card__more" to={item.path}>
              {t("modules.readMore")}
              <span className="visually-hidden">: {item.title}</span>
            </Link>
          )
        )}
      </div>
    </article>
  );
}
