import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderInShell, testPage, testSite } from "../app/testing";
import { Header } from "./Header";
import { ScrollToTop } from "./ScrollToTop";
import { scrollThrottleMs } from "./scroll";

function setViewport(width: number) {
  Object.defineProperty(window, "innerWidth", { configurable: true, value: width });
}

async function scrollTo(y: number) {
  Object.defineProperty(window, "scrollY", { configurable: true, value: y });
  await act(async () => {
    fireEvent.scroll(window);
  });
}

const homePage = testPage({ view: "home", path: "/nl/", internal: "/", breadcrumb: [{ name: "Home", path: "/nl/" }] });

afterEach(async () => {
  setViewport(1024);
  Object.defineProperty(window, "scrollY", { configurable: true, value: 0 });
});

describe("Header", () => {
  it("lies transparent over the home banner at the top, fixed and compact past 30 px", async () => {
    setViewport(1440);
    const { container } = renderInShell(<Header />, { page: homePage });
    const header = container.querySelector("header");
    expect(header?.className).toContain("header--overlay");
    expect((container.querySelector(".header-slot") as HTMLElement).style.minHeight).toBe("");
    await scrollTo(30);
    await waitFor(() => expect(header?.className).not.toContain("header--fixed"));
    await scrollTo(31);
    await waitFor(() => expect(header?.className).toContain("header--fixed"));
    expect(header?.className).not.toContain("header--overlay");
    expect(container.querySelector(".logo")?.className).toContain("logo--compact");
    await scrollTo(0);
    await waitFor(() => expect(header?.className).toContain("header--overlay"));
  });

  it("is solid in the flow on other pages, its slot keeping its height once fixed", async () => {
    setViewport(1440);
    const heights = vi.spyOn(HTMLElement.prototype, "offsetHeight", "get").mockReturnValue(124);
    try {
      const { container } = renderInShell(<Header />);
      const header = container.querySelector("header");
      const slot = container.querySelector(".header-slot") as HTMLElement;
      expect(header?.className).not.toContain("header--overlay");
      expect(slot.style.minHeight).toBe("124px");
      heights.mockReturnValue(60);
      await scrollTo(100);
      await waitFor(() => expect(header?.className).toContain("header--fixed"));
      expect(slot.style.minHeight).toBe("124px");
    } finally {
      heights.mockRestore();
    }
  });

  it("is solid over a colour banner", () => {
    const site = testSite({ banner: { kind: "color", images: [], color: "#1f4e3d", video: null } });
    const { container } = renderInShell(<Header />, { site, page: homePage });
    expect(container.querySelector("header")?.className).not.toContain("header--overlay");
  });

  it("hides the logo on home until scroll when configured", async () => {
    const site = testSite();
    site.header.hideLogoOnHomeUntilScroll = true;
    const { container } = renderInShell(<Header />, { site, page: homePage });
    expect(container.querySelector(".logo")?.className).toContain("logo--hidden");
    await scrollTo(200);
    await waitFor(() => expect(container.querySelector(".logo")?.className).not.toContain("logo--hidden"));
  });

  it("places the logo as configured", () => {
    const site = testSite();
    site.header.logoPosition = "center";
    const { container } = renderInShell(<Header />, { site });
    expect(container.querySelector("header")?.className).toContain("header--logo-center");
    expect(screen.getByRole("img", { name: "Ardenne Immo" }).getAttribute("width")).toBe("240");
  });

  it("shows the top bar on tablet and desktop only, and only when configured", () => {
    setViewport(1024);
    const { unmount } = renderInShell(<Header />);
    expect(screen.getByRole("link", { name: /061 23 45 67/ })).toBeTruthy();
    unmount();
    setViewport(375);
    const { unmount: unmount2 } = renderInShell(<Header />);
    expect(screen.queryByRole("link", { name: /061 23 45 67/ })).toBeNull();
    unmount2();
    setViewport(1440);
    const site = testSite();
    site.topBar.show = false;
    renderInShell(<Header />, { site });
    expect(screen.queryByRole("link", { name: /061 23 45 67/ })).toBeNull();
  });
});

describe("ScrollToTop", () => {
  it("appears from 10 px of scroll and brings the visitor and focus back to the top", async () => {
    const scroll = vi.spyOn(window, "scrollTo").mockImplementation(() => {});
    window.matchMedia = ((query: string) => ({
      matches: query.includes("reduce"),
      addEventListener() {},
      removeEventListener() {},
    })) as unknown as typeof window.matchMedia;
    const top = document.createElement("div");
    top.id = "top";
    top.tabIndex = -1;
    document.body.prepend(top);
    try {
      renderInShell(<ScrollToTop />);
      expect(screen.queryByRole("button", { name: "Terug naar boven" })).toBeNull();
      // Scroll events are throttled: a fake clock runs each window to its
      // end, so the 9 px check sees the final state, not one not yet applied.
      vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"] });
      await scrollTo(9);
      await act(async () => {
        vi.advanceTimersByTime(scrollThrottleMs);
      });
      expect(screen.queryByRole("button", { name: "Terug naar boven" })).toBeNull();
      await scrollTo(10);
      await act(async () => {
        vi.advanceTimersByTime(scrollThrottleMs);
      });
      const button = screen.getByRole("button", { name: "Terug naar boven" });
      vi.useRealTimers();
      await act(async () => {
        fireEvent.click(button);
      });
      expect(scroll.mock.calls).toEqual([[0, 0]]);
      expect(document.activeElement).toBe(top);
    } finally {
      vi.useRealTimers();
      top.remove();
      Reflect.deleteProperty(window, "matchMedia");
      scroll.mockRestore();
    }
  });
});
