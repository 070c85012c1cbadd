// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError, fetchPage } from "./api";
import { loadBootData, readJsonScript } from "./boot";
import { testPage, testSite } from "./testing";

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

afterEach(() => {
  vi.unstubAllGlobals();
  document.body.innerHTML = "";
});

describe("fetchPage", () => {
  it("asks /api/page for the path, encoded", async () => {
    const fetchMock = vi.fn(async () => json(testPage()));
    vi.stubGlobal("fetch", fetchMock);
    await fetchPage("/fr/je-m'inscris/");
    expect(fetchMock.mock.calls[0]?.[0 as never]).toBe("/api/page?path=%2Ffr%2Fje-m'inscris%2F");
  });

  it("takes a not-found answer's page data as a page", async () => {
    const notFound = testPage({ view: "not-found", status: 404 });
    vi.stubGlobal("fetch", vi.fn(async () => json(notFound, 404)));
    await expect(fetchPage("/nl/weg/")).resolves.toEqual(notFound);
  });

  it("answers where a redirecting path goes", async () => {
    vi.stubGlobal("fetch", vi.fn(async () => json({ redirect: "/nl/login/" })));
    await expect(fetchPage("/nl/eigenaars/")).resolves.toEqual({ redirect: "/nl/login/" });
  });

  it("turns a network failure, a server error or an unreadable answer into an ApiError", async () => {
    vi.stubGlobal("fetch", vi.fn(async () => Promise.reject(new TypeError("Failed to fetch"))));
    await expect(fetchPage("/nl/")).rejects.toBeInstanceOf(ApiError);
    vi.stubGlobal("fetch", vi.fn(async () => new Response("<h1>Bad gateway</h1>", { status: 502 })));
    await expect(fetchPage("/nl/")).rejects.toMatchObject({ name: "ApiError", status: 502 });
    vi.stubGlobal("fetch", vi.fn(async () => json({ message: "boom" }, 500)));
    await expect(fetchPage("/nl/")).rejects.toMatchObject({ status: 500 });
  });

  it("passes an abort through as an abort", async () => {
    const controller = new AbortController();
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => {
        controller.abort();
        throw new DOMException("aborted", "AbortError");
      }),
    );
    await expect(fetchPage("/nl/", controller.signal)).rejects.toMatchObject({ name: "AbortError" });
  });
});

describe("boot data", () => {
  it("reads the JSON scripts of the first HTML", async () => {
    document.body.innerHTML = `<script type="application/json" id="site-data">${JSON.stringify(testSite())}</script>
      <script type="application/json" id="page-data">${JSON.stringify(testPage())}</script>`;
    const fetchMock = vi.fn();
    vi.stubGlobal("fetch", fetchMock);
    const data = await loadBootData();
    expect(data.site.defaultLanguage).toBe("nl");
    expect(data.page.path).toBe("/nl/ons-kantoor/");
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("answers null for a missing or broken script", () => {
    document.body.innerHTML = `<script type="application/json" id="page-data">{broken</script>`;
    expect(readJsonScript("page-data")).toBeNull();
    expect(readJsonScript("site-data")).toBeNull();
  });

  it("asks the API without them (Vite's dev server), following a redirect in place", async () => {
    window.history.replaceState(null, "", "/");
    const fetchMock = vi.fn(async (url: string) => {
      if (url === "/api/site") return json(testSite());
      if (url === "/api/page?path=%2F") return json({ redirect: "/nl/" });
      return json(testPage({ view: "home", path: "/nl/" }));
    });
    vi.stubGlobal("fetch", fetchMock);
    const data = await loadBootData();
    expect(data.page.path).toBe("/nl/");
    expect(window.location.pathname).toBe("/nl/");
    expect(fetchMock.mock.calls.map((c) => c[0])).toEqual(["/api/site", "/api/page?path=%2F", "/api/page?path=%2Fnl%2F"]);
  });

  it("fails with an ApiError when the API cannot answer", async () => {
    vi.stubGlobal("fetch", vi.fn(async () => new Response("down", { status: 503 })));
    await expect(loadBootData()).rejects.toBeInstanceOf(ApiError);
  });
});
