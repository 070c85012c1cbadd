import type { Rendition } from "../../lib/api/types";
import { Picture } from "../../lib/photo/Picture";
import { cardPicture } from "../../lib/photo/pictures";
import { cardSizes, cardSrcSet } from "./images";
import "./card.css";

/**
 * When a card's photo loads: the first card's at once and before anything else (on a phone it is the only one in
 * view, and likely the page's largest paint), the rest of the widest grid's first row at once at the browser's
 * priority, the others when scrolled near. Only the first asks for a high priority: three large photos asking at
 * once share a phone's bandwidth and all arrive later.
 */
export type CardLoad = "first" | "eager" | "lazy";

// The cards above the fold on the widest grid.
const firstRow = 3;

/** How the card at position i of a list loads its photo. */
export function cardLoad(i: number): CardLoad {
  if (i === 0) return "first";
  return i < firstRow ? "eager" : "lazy";
}

interface Props {
  thumb: Rendition | null | undefined;
  load: CardLoad;
  /** The card's own class, beside the shared card__image. */
  className: string;
}

/** A card's photo in the rendition its slot needs (the spec's width table), or an empty frame of the same size. */
export function CardImage({ thumb, load, className }: Props) {
  if (!thumb) return <div className={`card__image card__image--none ${className}`} />;
  const srcSet = cardSrcSet(thumb.url);
  return (
    <Picture
      picture={cardPicture(thumb.optimized)}
      className={`card__image ${className}`}
      src={thumb.url}
      srcSet={srcSet || undefined}
      sizes={srcSet ? cardSizes : undefined}
      width={thumb.width}
      height={thumb.height}
      alt=""
      loading={load === "lazy" ? "lazy" : "eager"}
      fetchPriority={load === "first" ? "high" : undefined}
      decoding="async"
    />
  );
}
