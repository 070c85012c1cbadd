import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { usePage, useRouteTable } from "../../app/context";
import { HeartIcon } from "./FavouriteButton";
import { useFavourites } from "./store";
import "./favourites.css";

/** The internal path of the favourites page (config.yaml site.routes). */
export const favouritesInternal = "/favourites/";

interface Props {
  /** "icon": a heart with a badge (the header's bar); "text": the name with the count (top bar, mobile menu). */
  variant?: "icon" | "text";
  className?: string;
}

/**
 * The link to the favourites page with how many there are. As an icon, a
 * badge for the eye and the number in the link's name ("Favorieten (3)")
 * for screen readers; as text, that name. None on the server; the count
 * appears once hydrated.
 */
export function FavouritesLink({ variant = "icon", className }: Props) {
  const { t } = useTranslation("favourites");
  const page = usePage();
  const table = useRouteTable();
  const count = useFavourites().length;
  const path = table.localize(favouritesInternal, page.lang);
  if (!path) return null;
  const name = count > 0 ? t("header.count", { count }) : t("header.label");
  const current = page.internal === favouritesInternal ? "page" : undefined;
  if (variant === "text") {
    return (
      <Link to={path} className={className} aria-current={current}>
        <HeartIcon filled={count > 0} size={16} />
        <span>{name}</span>
      </Link>
    );
  }
  return (
    <Link to={path} className={["header-favourites", className].filter(Boolean).join(" ")} aria-label={name} aria-current={current}>
      <HeartIcon filled={count > 0} />
      {count > 0 && (
        <span className="header-favourites__count" aria-hidden="true">
          {count}
        </span>
      )}
    </Link>
  );
}
