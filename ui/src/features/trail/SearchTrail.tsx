import { useEffect, useLayoutEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { Lang } from "../../lib/api/types";
import { locate, mergePage, type Neighbour } from "./neighbours";
import { listUrlAt } from "../../lib/trail/search";
import { readTrail, writeTrail, type Trail } from "../../lib/trail/storage";
import "./SearchTrail.css";

type Direction = "previous" | "next";

const pageOf = (n: Neighbour) => (n.kind === "page" ? n.page : undefined);

interface Props {
  id: number;
  lang: Lang;
}

/**
 * 'Back to the results', the position in the search and its previous and next
 * listings, for a visitor who came from a list (the list records its search
 * when a card is opened). Nothing for a visitor who came from elsewhere.
 */
export function SearchTrail({ id, lang }: Props) {
  const { t } = useTranslation("search");
  // The tab's storage is read after the first render, which the server makes too (and the browser hydrates),
  // but before the browser paints: the trail shows as at once.
  const [trail, setTrail] = useState<Trail | null>(null);
  useLayoutEffect(() => setTrail(readTrail()), []);
  // The page keeps this component when the visitor walks from listing to listing: read the tab's trail again.
  const [shownId, setShownId] = useState(id);
  // Pages that could not be fetched: their link stays off instead of asking again.
  const [failed, setFailed] = useState<readonly number[]>([]);
  if (shownId !== id) {
    setShownId(id);
    setTrail(readTrail());
    setFailed([]);
  }

  const usable = trail && trail.lang === lang ? trail : null;
  const place = usable ? locate(usable, id) : null;
  // The page to fetch for a neighbour beyond the window, if any.
  const wantedPage = place ? [place.previous, place.next].map(pageOf).find((p) => p !== undefined && !failed.includes(p)) : undefined;

  useEffect(() => {
    if (!usable || wantedPage === undefined) return;
    let current = true;
    import("./fetchPage")
      .then(({ fetchPage }) => fetchPage(usable, wantedPage))
      .then((result) => {
        if (!current) return;
        const merged = mergePage(usable, result, id);
        const after = locate(merged, id);
        // A page that brought no neighbour (the data changed since) counts as failed, or it would be asked for again.
        const still = after && [after.previous, after.next].some((n) => n.kind === "page" && n.page === wantedPage);
        if (!after || still) {
          setFailed((f) => [...f, wantedPage]);
          return;
        }
        writeTrail(merged);
        setTrail(merged);
      })
      .catch(() => {
        if (current) setFailed((f) => [...f, wantedPage]);
      });
    return () => {
      current = false;
    };
  }, [usable, wantedPage, id]);

  if (!usable || !place) return null;
  const step = (dir: Direction, n: Neighbour) => {
    const text = t(`trail.${dir}`);
    if (n.kind === "hit") {
      return (
        <Link className={`search-trail__step search-trail__step--${dir}`} to={n.hit.path} rel={dir === "previous" ? "prev" : "next"}>
          {text}
        </Link>
      );
    }
    // A neighbour on a page still being fetched keeps its place, so nothing moves when it arrives.
    if (n.kind === "page") {
      return (
        <span className={`search-trail__step search-trail__step--${dir}`} aria-disabled="true">
          {text}
        </span>
      );
    }
    return null;
  };
  return (
    <nav className="search-trail" aria-label={t("trail.label")}>
      <Link className="search-trail__back" to={listUrlAt(usable, place.page)}>
        {t("trail.back")}
      </Link>
      <div className="search-trail__walk">
        <span className="search-trail__slot">{step("previous", place.previous)}</span>
        <p className="search-trail__position">{t("trail.position", { position: place.position, total: place.total })}</p>
        <span className="search-trail__slot">{step("next", place.next)}</span>
      </div>
    </nav>
  );
}
