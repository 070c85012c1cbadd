import { useTranslation } from "react-i18next";
import { toggle, useIsSaved, type Favourite } from "./store";
import "./favourites.css";

/** The favourites' heart, outlined or filled. Decorative: its control carries the name. */
export function HeartIcon({ filled, size = 24 }: { filled: boolean; size?: number }) {
  return (
    <svg
      className="heart-icon"
      width={size}
      height={size}
      viewBox="0 0 24 24"
      aria-hidden="true"
      focusable="false"
      fill={filled ? "currentColor" : "none"}
      stroke="currentColor"
      strokeWidth="2"
      strokeLinejoin="round"
    >
      <path d="M12 20.5s-7.6-4.7-9.4-9.4C1.3 7.8 3.4 4.2 7 4.2c2.1 0 3.7 1.2 5 3 1.3-1.8 2.9-3 5-3 3.6 0 5.7 3.6 4.4 6.9-1.8 4.7-9.4 9.4-9.4 9.4z" />
    </svg>
  );
}

interface Props {
  /** What is kept of the listing when it is saved. */
  favourite: Omit<Favourite, "savedAt">;
  className?: string;
}

/**
 * Saves a listing in the browser's favourites, or takes it out. A toggle
 * button: its name stays the listing's, aria-pressed tells whether it is
 * saved. It reads unsaved on the server and while hydrating, then what the
 * browser holds.
 */
export function FavouriteButton({ favourite, className }: Props) {
  const { t } = useTranslation("favourites");
  const saved = useIsSaved(favourite.id);
  return (
    <button
      type="button"
      className={["favourite-button", className].filter(Boolean).join(" ")}
      aria-pressed={saved}
      aria-label={t("heart.label", { title: favourite.title })}
      onClick={() => toggle(favourite)}
    >
      <HeartIcon filled={saved} />
    </button>
  );
}
