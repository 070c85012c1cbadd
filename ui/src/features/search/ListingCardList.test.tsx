import { describe, expect, it } from "vitest";
import photos from "../../../../site/photosizes/photos.json";
import type { SimilarCard } from "../../lib/api/types";
import { optimizedPhoto } from "../../lib/photo/testSupport";
import { renderWith } from "../../pages/__fixtures__/render";
import { ListingCardList, listingCardSizes } from "./ListingCardList";

const card: SimilarCard = {
  id: 4001,
  url: "/nl/te-koop/x/y/4001/",
  type: "Chalet",
  city: "Vresse-sur-Semois",
  priceText: "€ 139.000",
  thumbnail: { url: "/demo/photos/4001/1/280.jpg", width: 280, height: 187, optimized: optimizedPhoto("ab12") },
  status: "available",
};

const sizesOf = (container: HTMLElement) => [...container.querySelectorAll("source, img")].map((el) => el.getAttribute("sizes"));

describe("ListingCardList", () => {
  it("gives a module's photos the sideways row's slot, so a 3x phone takes 1,024 px, not 1,360", () => {
    const { container } = renderWith(<ListingCardList cards={[card]} sizes={listingCardSizes.module} />, "nl");
    expect(sizesOf(container)).toEqual(Array(3).fill("(max-width: 766.98px) calc(78vw - 25px), 300px"));
  });

  it("gives similar listings one card a row on a phone", () => {
    const { container } = renderWith(<ListingCardList cards={[card]} sizes={listingCardSizes.similar} />, "nl");
    expect(sizesOf(container)).toEqual(Array(3).fill("(max-width: 766.98px) calc(100vw - 32px), 300px"));
  });

  it("keeps a list card's slot by default", () => {
    const { container } = renderWith(<ListingCardList cards={[card]} />, "nl");
    expect(sizesOf(container)).toEqual(Array(3).fill(photos.card.sizes));
  });
});
