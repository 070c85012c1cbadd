import { useEffect, useMemo, useRef, useState, useSyncExternalStore } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { localTitle, savedPriceText, standingOf, useStates, type PropertyState, type Standing } from "../../features/favourites/state";
import { remove, useFavourites, type Favourite } from "../../features/favourites/store";
import { Picture } from "../../lib/photo/Picture";
import { cardPicture } from "../../lib/photo/pictures";
import { RouteTable } from "../../lib/routing/routes";
import type { PageProps } from "../props";
import "./favourites-page.css";

const noSubscription = () => () => {};

/** False on the server and while hydrating, true after: the list lives in the browser only. */
function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

/**
 * The visitor's favourites, kept in their browser, each as it is now:
 * available, under option, sold or rented, repriced, or no longer offered
 * (then with what was saved of it).
 */
export function FavouritesPage({ site, page }: PageProps) {
  const { t } = useTranslation("favourites");
  const hydrated = useHydrated();
  const list = useFavourites();
  const states = useStates(page.lang, list);
  const table = useMemo(() => new RouteTable(site.routes), [site.routes]);
  const [removed, setRemoved] = useState("");
  const titleRef = useRef<HTMLHeadingElement>(null);
  const countRef = useRef<HTMLHeadingElement>(null);
  const [removals, setRemovals] = useState(0);

  // The removed item's button is gone with it: focus goes to the list's
  // heading (or the page's, once the list is empty), not to the document.
  useEffect(() => {
    if (removals > 0) (countRef.current ?? titleRef.current)?.focus();
  }, [removals]);

  const take = (f: Favourite) => {
    remove(f.id);
    setRemoved(t("page.removed", { title: localTitle(f, states.byId.get(f.id)) }));
    setRemovals((n) => n + 1);
  };

  const sale = table.localize("/for-sale/", page.lang);
  const rent = table.localize("/for-rent/", page.lang);

  return (
    <div className="container favourites-page">
      <h1 className="favourites-page__title" ref={titleRef} tabIndex={-1}>
        {page.title}
      </h1>
      <p className="favourites-page__intro">{t("page.intro")}</p>
      {/* The list lives in the browser's storage: without scripts there is nothing to show, and the page says why. */}
      <noscript>
        <p className="favourites-page__noscript">{t("page.needsScript")}</p>
      </noscript>
      <p className="visually-hidden" role="status" aria-live="polite">
        {removed}
      </p>
      {/* Filled once hydrated: the server knows no visitor's favourites. */}
      <div className="favourites-page__saved">
        {hydrated && list.length === 0 && (
          <div className="favourites-page__empty">
            <p>
              <strong>{t("page.empty")}</strong> {t("page.emptyHint")}
            </p>
            <p className="favourites-page__browse">
              {sale && (
                <Link className="button" to={sale}>
                  {t("page.browseSale")}
                </Link>
              )}
              {rent && (
                <Link className="button" to={rent}>
                  {t("page.browseRent")}
                </Link>
              )}
            </p>
          </div>
        )}
        {hydrated && list.length > 0 && (
          <section aria-labelledby="favourites-list-title">
            <h2 className="favourites-page__count" id="favourites-list-title" ref={countRef} tabIndex={-1}>
              {t("page.count", { count: list.length })}
            </h2>
            <p className="favourites-page__note" role="status">
              {states.loading ? t("page.loading") : states.failed ? t("page.failed") : ""}
            </p>
            <ul className="favourites-page__list">
              {list.map((f) => (
                <li key={f.id}>
                  <FavouriteItem
                    favourite={f}
                    lang={page.lang}
                    current={states.byId.get(f.id)}
                    standing={standingOf(f, states.byId.get(f.id), states.answered.has(f.id), page.lang)}
                    onRemove={() => take(f)}
                  />
                </li>
              ))}
            </ul>
          </section>
        )}
      </div>
    </div>
  );
}

interface ItemProps {
  favourite: Favourite;
  lang: string;
  /** What the server answered of it in the page's language (a withdrawn one's title too). */
  current: PropertyState | undefined;
  standing: Standing;
  onRemove: () => void;
}

/**
 * One saved listing, in the page's language: the words (title, type, town,
 * price) are the server's answer in this language; only what it can no
 * longer say (a listing gone from the platform) comes from the snapshot,
 * its price written again for this language.
 */
function FavouriteItem({ favourite: f, lang, current, standing, onRemove }: ItemProps) {
  const { t } = useTranslation("favourites");
  const state = "state" in standing ? standing.state : undefined;
  const gone = standing.kind === "gone";
  const photo = (!gone && state?.thumbnail?.url) || f.photo;
  const picture = gone ? null : cardPicture(state?.thumbnail?.optimized);
  const url = state?.url ?? (standing.kind === "unknown" ? f.url : null);
  const priceText = (!gone && state?.priceText) || savedPriceText(f, lang);
  const title = localTitle(f, current);
  return (
    <article className={`favourite${gone ? " favourite--gone" : ""}`}>
      <div className="favourite__media">{photo && <Picture picture={picture} className="favourite__image" src={photo} alt="" loading="lazy" width={400} height={267} />}</div>
      <div className="favourite__body">
        <h3 className="favourite__title">
          {url ? (
            <Link className="favourite__link" to={url}>
              {title}
            </Link>
          ) : (
            title
          )}
        </h3>
        {standing.kind !== "unknown" && (
          <p className={`favourite__state favourite__state--${standing.kind}`}>{t(`state.${standing.kind}`)}</p>
        )}
        <p className="favourite__price">
          {gone && priceText ? <s>{priceText}</s> : priceText}
          {standing.kind === "available" && standing.was && (
            <span className="favourite__was">
              {" "}
              <span className="favourite__changed">{t("state.priceChanged")}</span> ({t("state.was", { price: standing.was })})
            </span>
          )}
        </p>
        <button type="button" className="favourite__remove" aria-label={t("page.removeLabel", { title })} onClick={onRemove}>
          {t("page.remove")}
        </button>
      </div>
    </article>
  );
}
