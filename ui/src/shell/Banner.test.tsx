import { act, fireEvent, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { ImageSetting } from "../lib/api/types";
import { renderInShell, testPage, testSite } from "../app/testing";
import { optimizedPhoto } from "../lib/photo/testSupport";
import { Banner } from "./Banner";
import { bannerSizes } from "./bannerImages";

const home = testPage({ view: "home", path: "/nl/", internal: "/" });
const photo = (n: number) => ({ src: `/demo/photos/b/${n}/1600.jpg`, width: 1600, height: 1067, alt: { nl: `Foto ${n}` } });
const withBanner = (banner: Partial<ImageSetting>) =>
  testSite({ banner: { kind: "empty", images: [], color: "", video: null, ...banner } });

function reducedMotion(reduce: boolean) {
  window.matchMedia = ((query: string) => ({
    matches: reduce && query.includes("reduce"),
    addEventListener() {},
    removeEventListener() {},
  })) as unknown as typeof window.matchMedia;
}

afterEach(() => {
  vi.useRealTimers();
  Reflect.deleteProperty(window, "matchMedia");
});

describe("Banner", () => {
  it("shows a photo with its size, a srcset and the half-width mobile sizes, fetched first", () => {
    renderInShell(<Banner />, { site: withBanner({ kind: "image", images: [photo(1)] }), page: home });
    const img = screen.getByRole("img", { name: "Foto 1" });
    expect(img.getAttribute("width")).toBe("1600");
    expect(img.getAttribute("height")).toBe("1067");
    expect(img.getAttribute("srcset")).toContain("/demo/photos/b/1/400.jpg 400w");
    expect(img.getAttribute("sizes")).toBe("(max-width: 766.98px) and (max-resolution: 1.5dppx) 200vw, 100vw");
    expect(img.getAttribute("fetchpriority")).toBe("high");
  });

  it("shows an optimized photo as a <picture> from our origin, its sources and sizes as the server preloads them", () => {
    const optimized = optimizedPhoto("cc03");
    renderInShell(<Banner />, { site: withBanner({ kind: "image", images: [{ ...photo(1), optimized }] }), page: home });
    const img = screen.getByRole("img", { name: "Foto 1" });
    const picture = img.parentElement!;
    expect(picture.tagName).toBe("PICTURE");
    const wide = [400, 600, 800, 1024, 1360, 1600];
    expect([...picture.querySelectorAll("source")].map((s) => [s.getAttribute("type"), s.getAttribute("srcset")])).toEqual([
      ["image/avif", wide.map((w) => `/img/cc/cc03/${w}.avif ${w}w`).join(", ")],
      ["image/webp", wide.map((w) => `/img/cc/cc03/${w}.webp ${w}w`).join(", ")],
    ]);
    expect(picture.querySelector("source")?.getAttribute("sizes")).toBe(bannerSizes);
    expect(img.getAttribute("class")).toBe("banner__image");
    expect(img.getAttribute("src")).toBe("/img/cc/cc03/1360.jpg");
    expect(img.getAttribute("srcset")).toBe(wide.map((w) => `/img/cc/cc03/${w}.jpg ${w}w`).join(", "));
    expect(img.getAttribute("sizes")).toBe(bannerSizes);
    expect(img.getAttribute("fetchpriority")).toBe("high");
  });

  it("rotates a gallery until paused", async () => {
    vi.useFakeTimers();
    reducedMotion(false);
    const { container } = renderInShell(<Banner />, {
      site: withBanner({ kind: "gallery", images: [photo(1), photo(2), photo(3)] }),
      page: home,
    });
    const visible = () => container.querySelector(".banner__image:not(.banner__image--hidden)")?.getAttribute("alt");
    expect(visible()).toBe("Foto 1");
    await act(async () => {
      vi.advanceTimersByTime(6000);
    });
    expect(visible()).toBe("Foto 2");
    const pause = screen.getByRole("button", { name: "Diavoorstelling pauzeren" });
    fireEvent.click(pause);
    expect(pause.textContent).toBe("Diavoorstelling afspelen");
    await act(async () => {
      vi.advanceTimersByTime(12000);
    });
    expect(visible()).toBe("Foto 2");
  });

  it("fetches a gallery's next photo two seconds before its turn, not with the first", async () => {
    vi.useFakeTimers();
    reducedMotion(false);
    const { container } = renderInShell(<Banner />, {
      site: withBanner({ kind: "gallery", images: [photo(1), photo(2), photo(3)] }),
      page: home,
    });
    const photos = () => [...container.querySelectorAll(".banner__image")].map((img) => img.getAttribute("alt"));
    act(() => {
      window.dispatchEvent(new Event("load"));
    });
    expect(photos()).toEqual(["Foto 1"]);
    await act(async () => {
      vi.advanceTimersByTime(3900);
    });
    expect(photos()).toEqual(["Foto 1"]);
    await act(async () => {
      vi.advanceTimersByTime(200);
    });
    expect(photos()).toEqual(["Foto 1", "Foto 2"]);
    await act(async () => {
      vi.advanceTimersByTime(1900);
    });
    expect(container.querySelector(".banner__image:not(.banner__image--hidden)")?.getAttribute("alt")).toBe("Foto 2");
    expect(photos()).toEqual(["Foto 1", "Foto 2"]);
    await act(async () => {
      vi.advanceTimersByTime(4000);
    });
    expect(photos()).toEqual(["Foto 1", "Foto 2", "Foto 3"]);
  });

  it("does not rotate under reduced motion", async () => {
    vi.useFakeTimers();
    reducedMotion(true);
    const { container } = renderInShell(<Banner />, {
      site: withBanner({ kind: "gallery", images: [photo(1), photo(2)] }),
      page: home,
    });
    await act(async () => {
      vi.advanceTimersByTime(20000);
    });
    expect(container.querySelector(".banner__image:not(.banner__image--hidden)")?.getAttribute("alt")).toBe("Foto 1");
    expect(container.querySelectorAll(".banner__image")).toHaveLength(1);
    expect(screen.queryByRole("button")).toBeNull();
  });

  it("plays a muted looping inline video with its poster and a pause button", () => {
    vi.spyOn(HTMLMediaElement.prototype, "play").mockResolvedValue(undefined);
    vi.spyOn(HTMLMediaElement.prototype, "pause").mockImplementation(() => {});
    const { container } = renderInShell(<Banner />, {
      site: withBanner({ kind: "video", video: { src: "/demo/banner.mp4", poster: "/demo/poster.jpg", type: "video/mp4" } }),
      page: home,
    });
    const video = container.querySelector("video");
    expect(video?.muted).toBe(true);
    expect(video?.loop).toBe(true);
    expect(video?.hasAttribute("playsinline")).toBe(true);
    expect(video?.autoplay).toBe(true);
    expect(video?.getAttribute("poster")).toBe("/demo/poster.jpg");
    expect(container.querySelector("source")?.getAttribute("src")).toBe("/demo/banner.mp4");
    fireEvent.click(screen.getByRole("button", { name: "Video pauzeren" }));
    expect(HTMLMediaElement.prototype.pause).toHaveBeenCalled();
  });

  it("paints a colour, and nothing for the empty kind", () => {
    const { container, unmount } = renderInShell(<Banner />, { site: withBanner({ kind: "color", color: "rgb(31, 78, 61)" }), page: home });
    expect((container.querySelector(".banner--color") as HTMLElement).style.background).toBe("rgb(31, 78, 61)");
    unmount();
    const empty = renderInShell(<Banner />, { site: withBanner({ kind: "empty" }), page: home });
    expect(empty.container.innerHTML).toBe("");
  });
});
