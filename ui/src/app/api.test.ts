// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError, fetchAccount, fetchPage, request } from "./api";
import { loadBootData, readJsonScript } from "./boot";
import { testPage, testSite } from "./testing";

const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json", ...headers } });

/** The calls of a stubbed fetch: address, method, headers and the body sent. */
function stubFetch(answer: (url: string, init: RequestInit) => Response | Promise<Response>) {
  const calls: { url: string; method: string; headers: Record<string, string>; body: unknown }[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init: RequestInit = {}) => {
      calls.push({
        url,
        method: init.method ?? "GET",
        headers: (init.headers ?? {}) as Record<string, string>,
        body: typeof init.body === "string" ? JSON.parse(init.body) : undefined,
      });
      return answer(url, init);
    }),
  );
  return calls;
}

afterEach(() => {
  vi.unstubAllGlobals();
  document.body.innerHTML = "";
});

describe("request", () => {
  it("asks for JSON and answers the body of a 2xx", async () => {
    const calls = stubFetch(() => json({ ok: 1 }));
    await expect(request("/api/site")).resolves.toEqual({ ok: 1 });
    expect(calls[0]).toMatchObject({ url: "/api/site", method: "GET", headers: { accept: "application/json" }, body: undefined });
    expect(calls[0]?.headers["content-type"]).toBeUndefined();
  });

  it("sends a body as JSON", async () => {
    const calls = stubFetch(() => json({ id: "17" }, 201));
    await expect(request("/api/forms/contact-me", { method: "POST", body: { lang: "nl" } })).resolves.toEqual({ id: "17" });
    expect(calls[0]).toMatchObject({ method: "POST", headers: { "content-type": "application/json" }, body: { lang: "nl" } });
    expect(calls[0]?.headers["x-csrf-token"]).toBeUndefined();
  });

  it("reads a fresh CSRF token first for a change that needs one", async () => {
    const calls = stubFetch((url) => (url === "/api/account" ? json({ csrf: "csrf-9", account: null }) : json({ redirect: "/nl/login/" })));
    await request("/api/account/logout", { method: "POST", body: { lang: "nl" }, csrf: true });
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual(["GET /api/account", "POST /api/account/logout"]);
    expect(calls[1]?.headers["x-csrf-token"]).toBe("csrf-9");
  });

  it("turns the server's error shape into an ApiError", async () => {
    stubFetch(() => json({ message: "Mislukt", status: 422, errors: { email: "Ongeldig", n: 3 }, detail: "meer" }, 422));
    const err = await request("/api/demand", { method: "PUT", body: {} }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({
      status: 422,
      body: { message: "Mislukt", errors: { email: "Ongeldig" }, detail: "meer", retryAfter: 0, expired: false },
    });
  });

  it("takes the wait from the body or from Retry-After, and expired from a 401", async () => {
    stubFetch(() => json({ message: "Te veel" }, 429, { "retry-after": "120" }));
    await expect(request("/api/account/login")).rejects.toMatchObject({ status: 429, body: { retryAfter: 120 } });
    stubFetch(() => json({ message: "Te veel", retryAfter: 30 }, 429, { "retry-after": "120" }));
    await expect(request("/api/account/login")).rejects.toMatchObject({ body: { retryAfter: 30 } });
    stubFetch(() => json({ message: "Verlopen", expired: true }, 401));
    await expect(request("/api/owner/properties")).rejects.toMatchObject({ status: 401, body: { expired: true } });
  });

  it("answers status 0 when nothing reached the server, and the status for an unreadable answer", async () => {
    stubFetch(() => Promise.reject(new TypeError("Failed to fetch")));
    await expect(request("/api/site")).rejects.toMatchObject({ name: "ApiError", status: 0 });
    stubFetch(() => new Response("<h1>Bad gateway</h1>", { status: 502 }));
    await expect(request("/api/site")).rejects.toMatchObject({ status: 502, body: { message: "" } });
    stubFetch(() => new Response("not json", { status: 200 }));
    await expect(request("/api/site")).rejects.toMatchObject({ status: 200 });
  });

  it("passes an abort through as an abort", async () => {
    const controller = new AbortController();
    stubFetch(() => {
      controller.abort();
      throw new DOMException("aborted", "AbortError");
    });
    await expect(request("/api/site", { signal: controller.signal })).rejects.toMatchObject({ name: "AbortError" });
  });
});

describe("fetchAccount", () => {
  it("answers the token and nobody when nobody is logged in", async () => {
    stubFetch(() => json({ csrf: "c" }));
    await expect(fetchAccount()).resolves.toEqual({ csrf: "c", account: null });
  });

  it("fails without a token", async () => {
    stubFetch(() => json({}));
    await expect(fetchAccount()).rejects.toBeInstanceOf(ApiError);
  });
});

describe("fetchPage", () => {
  it("asks /api/page for the path, encoded", async () => {
    const calls = stubFetch(() => json(testPage()));
    await fetchPage("/fr/je-m'inscris/");
    expect(calls[0]?.url).toBe("/api/page?path=%2Ffr%2Fje-m'inscris%2F");
  });

  it("takes a not-found answer's page data as a page", async () => {
    const notFound = testPage({ view: "not-found", status: 404 });
    stubFetch(() => json(notFound, 404));
    await expect(fetchPage("/nl/weg/")).resolves.toEqual(notFound);
  });

  it("answers where a redirecting path goes", async () => {
    stubFetch(() => json({ redirect: "/nl/login/" }));
    await expect(fetchPage("/nl/eigenaars/")).resolves.toEqual({ redirect: "/nl/login/" });
  });

  it("fails with an ApiError on an answer without a page", async () => {
    stubFetch(() => json({ message: "boom" }, 500));
    await expect(fetchPage("/nl/")).rejects.toMatchObject({ name: "ApiError", status: 500 });
    stubFetch(() => json({ something: "else" }));
    await expect(fetchPage("/nl/")).rejects.toBeInstanceOf(ApiError);
  });
});

describe("boot data", () => {
  it("reads the JSON scripts of the first HTML", async () => {
    document.body.innerHTML = `<script type="application/json" id="site-data">${JSON.stringify(testSite())}</script>
      <script type="application/json" id="page-data">${JSON.stringify(testPage())}</script>`;
    const calls = stubFetch(() => json({}));
    const data = await loadBootData();
    expect(data.site.defaultLanguage).toBe("nl");
    expect(data.page.path).toBe("/nl/ons-kantoor/");
    expect(calls).toEqual([]);
  });

  it("answers null for a missing or broken script", () => {
    document.body.innerHTML = `<script type="application/json" id="page-data">{broken</script>`;
    expect(readJsonScript("page-data")).toBeNull();
    expect(readJsonScript("site-data")).toBeNull();
  });

  it("asks the API without them (Vite's dev server), following a redirect in place", async () => {
    window.history.replaceState(null, "", "/");
    const calls = stubFetch((url) => {
      if (url === "/api/site") return json(testSite());
      if (url === "/api/page?path=%2F") return json({ redirect: "/nl/" });
      return json(testPage({ view: "home", path: "/nl/" }));
    });
    const data = await loadBootData();
    expect(data.page.path).toBe("/nl/");
    expect(window.location.pathname).toBe("/nl/");
    expect(calls.map((c) => c.url)).toEqual(["/api/site", "/api/page?path=%2F", "/api/page?path=%2Fnl%2F"]);
  });

  it("fails with an ApiError when the API cannot answer", async () => {
    stubFetch(() => new Response("down", { status: 503 }));
    await expect(loadBootData()).rejects.toBeInstanceOf(ApiError);
  });
});
