import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { usePage, useRouteTable } from "../app/context";
import { HeartIcon } from "./FavouriteButton";
import { useFavourites } from "./store";
import "./favourites.css";

/** The internal path of the favourites page (config.yaml site.routes). */
export const favouritesInternal = "/favourites/";

/**
 * The header's link to the favourites page, with how many there are: a
 * badge for the eye, the number in the link's name ("Favorieten (3)") for
 * screen readers. None on the server; the count appears once hydrated.
 */
export function FavouritesLink() {
  const { t } = useTranslation("favourites");
  const page = usePage();
  const table = useRouteTable();
  const count = useFavourites().length;
  const path = table.localize(favouritesInternal, page.lang);
  if (!path) return null;
  return (
    <Link
      to={path}
      className="header-favourites"
      aria-label={count > 0 ? t("header.count", { count }) : t("header.label")}
      aria-current={page.internal === favouritesInternal ? "page" : undefined}
    >
      <HeartIcon filled={count > 0} />
      {count > 0 && (
        <span className="header-favourites__count" aria-hidden="true">
          {count}
        </span>
      )}
    </Link>
  );
}
