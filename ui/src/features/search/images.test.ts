import { describe, expect, it } from "vitest";
import { cardSizes, cardSrcSet, renditionFor, renditionUrl } from "./images";

describe("renditionFor", () => {
  it.each([
    [1, 100],
    [100, 100],
    [101, 400],
    [500, 400],
    [501, 600],
    [750, 600],
    [751, 1360],
    [1050, 1360],
    [1051, 1600],
    [4000, 1600],
  ])("%i px uses %i", (css, want) => {
    expect(renditionFor(css)).toBe(want);
  });
});

describe("cardSrcSet", () => {
  it("lists every rendition of a photo server thumbnail", () => {
    expect(cardSrcSet("/demo/photos/4030/1/280.jpg")).toBe(
      "/demo/photos/4030/1/100.jpg 100w, /demo/photos/4030/1/400.jpg 400w, /demo/photos/4030/1/600.jpg 600w, /demo/photos/4030/1/800.jpg 800w, /demo/photos/4030/1/1024.jpg 1024w, " +
        "/demo/photos/4030/1/1360.jpg 1360w, /demo/photos/4030/1/1600.jpg 1600w",
    );
  });

  it("pins the card's sizes, as the server's preload writes them (site/photosizes/photos_test.go)", () => {
    expect(cardSizes).toBe("(max-width: 766px) 100vw, (max-width: 1279px) 50vw, 400px");
  });

  it("keeps a query string and an absolute host", () => {
    expect(cardSrcSet("https://img.example.be/p/9/400.jpg?v=2").split(", ")[0]).toBe("https://img.example.be/p/9/100.jpg?v=2 100w");
  });

  it("is empty for an address that is not a rendition", () => {
    expect(cardSrcSet("/images/none.png")).toBe("");
    expect(cardSrcSet("")).toBe("");
    expect(renditionUrl("/p/photo.jpg", 100)).toBeNull();
  });
});
