import { cardSizes, cardSrcSet } from "./images";

interface Props {
  thumb: { url: string; width: number; height: number } | null | undefined;
  /** The cards of the first row load at once; the others when scrolled near. */
  eager: boolean;
  /** The card's own class; "--none" is added to it for a card without photo. */
  className: string;
}

/** A card's photo in the rendition its slot needs (the spec's width table), or an empty frame of the same size. */
export function CardImage({ thumb, eager, className }: Props) {
  if (!thumb) return <div className={`${className} ${className}--none`} />;
  const srcSet = cardSrcSet(thumb.url);
  return (
    <img
      className={className}
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
