import { cardSizes, cardSrcSet } from "./images";
import "./card.css";

interface Props {
  thumb: { url: string; width: number; height: number } | null | undefined;
  /** The cards of the first row load at once; the others when scrolled near. */
  eager: boolean;
  /** The card's own class, beside the shared card__image. */
  className: string;
}

/** A card's photo in the rendition its slot needs (the spec's width table), or an empty frame of the same size. */
export function CardImage({ thumb, eager, className }: Props) {
  if (!thumb) return <div className={`card__image card__image--none ${className}`} />;
  const srcSet = cardSrcSet(thumb.url);
  return (
    <img
      className={`card__image ${className}`}
      src={thumb.url}
      srcSet={srcSet || undefined}
      sizes={srcSet ? cardSizes : undefined}
      width={thumb.width}
      height={thumb.height}
      alt=""
      loading={eager ? "eager" : "lazy"}
      fetchPriority={eager ? "high" : undefined}
      decoding="async"
    />
  );
}
