import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { MapHit } from "../../lib/map/types";
import { useMarkerLabel } from "./useMarkerLabel";

interface ResultsListProps {
  id: string;
  lang: string;
  items: readonly MapHit[];
  hidden: boolean;
  onOpen?: () => void;
}

/** The map's results as plain links: the way through for keyboard and screen-reader users. */
export function ResultsList({ id, lang, items, hidden, onOpen }: ResultsListProps) {
  const { t } = useTranslation("map", { lng: lang });
  const label = useMarkerLabel(lang);
  return (
    <div id={id} className="results-map__list" hidden={hidden}>
      <h3 className="results-map__list-heading">{t("listHeading")}</h3>
      <ol className="results-map__list-items">
        {items.map((hit) => (
          <li key={hit.objectID}>
            <Link to={hit.url} onClick={onOpen}>
              {label(hit)}
            </Link>
          </li>
        ))}
      </ol>
    </div>
  );
}
