import { useTranslation } from "react-i18next";
import type { PropertyDetail } from "../../lib/api/types";

type Props = { property: PropertyDetail };

/** The spec's availability states a visitor must not miss: withdrawn, sold, rented. */
export function PropertyStateNotice({ property: p }: Props) {
  const { t } = useTranslation("property");
  const state = p.withdrawn ? "withdrawn" : p.status === "sold" || p.status === "rented" ? p.status : null;
  if (!state) return null;
  return (
    <div className={`property-state property-state--${state}`}>
      <p className="property-state__title">{t(`states.${state}.title`)}</p>
      <p className="property-state__text">{t(`states.${state}.text`)}</p>
    </div>
  );
}
