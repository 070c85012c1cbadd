import { useTranslation } from "react-i18next";
import { Picture } from "../content/ContentImage";
import type { PageProps } from "../registry";
import "./property.css";

/** A property's essentials: what and where, price, status, photo and description. */
export function PropertyPage({ page }: PageProps) {
  const { t } = useTranslation("pages");
  const property = page.property;
  if (!property) {
    return (
      <article className="content-page container property-page">
        <h1 className="content-page__title">{page.title}</h1>
      </article>
    );
  }
  return (
    <article className="content-page container property-page">
      <h1 className="content-page__title">{page.title}</h1>
      <p className="property-page__subtitle">{t("property.heading", { type: property.type, city: property.city })}</p>
      <div className="property-page__facts">
        <span className={`property-page__status property-page__status--${property.status}`}>
          {t(`property.status.${property.status}`)}
        </span>
        {property.priceText && (
          <p className="property-page__price">
            <span className="visually-hidden">{t("property.price")}: </span>
            {property.priceText}
          </p>
        )}
        <p className="property-page__ref">{t("property.reference", { id: property.id })}</p>
      </div>
      {property.photo ? (
        <figure className="property-page__photo">
          <Picture image={property.photo} lang={page.lang} eager className="property-page__img" />
        </figure>
      ) : (
        <p className="property-page__no-photo">{t("property.noPhoto")}</p>
      )}
      {property.description && <p className="property-page__description">{property.description}</p>}
    </article>
  );
}
