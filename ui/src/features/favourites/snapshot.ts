import type { PropertyDetail } from "../../lib/api/types";
import type { Favourite } from "./store";

/** The smallest rendition at least this wide makes the favourites page's photo. */
const photoWidth = 400;

/** What the favourites keep of a listing saved from its detail page. */
export function favouriteOfDetail(p: PropertyDetail, title: string, path: string): Omit<Favourite, "savedAt"> {
  const first = p.photos[0];
  const renditions = first ? [first, ...first.variants].sort((a, b) => a.width - b.width) : [];
  const photo = renditions.find((r) => r.width >= photoWidth) ?? renditions.at(-1);
  return {
    id: p.id,
    url: path,
    title,
    price: p.price.published ? p.price.amount : null,
    priceText: p.priceText,
    photo: photo?.url ?? p.photo?.src ?? null,
  };
}
