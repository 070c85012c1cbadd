// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { MissingLocale, bundleLoader, bundledLanguages, fetchLocale } from "./backend";
import { namespaces } from "./namespaces";
import { createI18n, retryOptions } from "./index";

describe("translation loading retries", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    window.history.replaceState(null, "", "/nl/");
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  function recordingLoader(fail: (attempt: number) => Error | null) {
    const start = Date.now();
    const calls: number[] = [];
    const loader = async (lng: string, ns: string) => {
      if (lng !== "nl" || ns !== "common") return {};
      calls.push(Date.now() - start);
      const err = fail(calls.length);
      if (err) throw err;
      return { hello: "Hallo" };
    };
    return { calls, loader };
  }

  it("retries 5 times, waiting 350 ms and doubling the wait", async () => {
    expect(retryOptions).toEqual({ maxRetries: 5, retryTimeout: 350 });
    const { calls, loader } = recordingLoader(() => new Error("offline"));
    const ready = createI18n({ languages: ["nl"], defaultLanguage: "nl", loader });
    await vi.runAllTimersAsync();
    const i18n = await ready;
    expect(calls).toEqual([0, 350, 1050, 2450, 5250, 10850]);
    expect(i18n.t("hello")).toBe("hello");
  });

  it("uses the texts once a retry succeeds", async () => {
    const { calls, loader } = recordingLoader((n) => (n < 3 ? new Error("offline") : null));
    const ready = createI18n({ languages: ["nl"], defaultLanguage: "nl", loader });
    await vi.runAllTimersAsync();
    const i18n = await ready;
    expect(calls).toEqual([0, 350, 1050]);
    expect(i18n.t("hello")).toBe("Hallo");
  });

  it("does not retry a language or namespace that has no file", async () => {
    const { calls, loader } = recordingLoader(() => new MissingLocale("none"));
    const ready = createI18n({ languages: ["nl"], defaultLanguage: "nl", loader });
    await vi.runAllTimersAsync();
    await ready;
    expect(calls).toEqual([0]);
  });
});

describe("bundled locale files", () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  const nl = Object.fromEntries(namespaces.map((ns) => [ns, { ns: `nl ${ns}` }]));
  const answer = (status = 200) => new Response(status === 200 ? JSON.stringify(nl) : "", { status });

  it("exist for en, nl, fr and de", () => {
    expect(bundledLanguages()).toEqual(["de", "en", "fr", "nl"]);
  });

  it("are one file per language, at the address the build gave it", async () => {
    const fetchMock = vi.fn(async () => answer());
    vi.stubGlobal("fetch", fetchMock);
    await expect(fetchLocale("nl", "common")).resolves.toEqual({ ns: "nl common" });
    expect(fetchMock).toHaveBeenCalledOnce();
    expect(String(fetchMock.mock.calls[0]?.[0 as never])).toMatch(/locales\/nl\.json$/);
  });

  it("are fetched once for every namespace of the language", async () => {
    const fetchMock = vi.fn(async () => answer());
    vi.stubGlobal("fetch", fetchMock);
    const load = bundleLoader({ nl: "/assets/nl-Nl1.json", fr: "/assets/fr-Fr1.json" });
    await expect(Promise.all([load("nl", "common"), load("nl", "pages")])).resolves.toEqual([{ ns: "nl common" }, { ns: "nl pages" }]);
    await expect(load("nl", "forms")).resolves.toEqual({ ns: "nl forms" });
    expect(fetchMock.mock.calls.map((c) => String(c[0 as never]))).toEqual(["/assets/nl-Nl1.json"]);
    await load("fr", "common");
    expect(fetchMock.mock.calls.map((c) => String(c[0 as never]))).toEqual(["/assets/nl-Nl1.json", "/assets/fr-Fr1.json"]);
  });

  it("are fetched again after a failed answer", async () => {
    const fetchMock = vi.fn(async () => answer(503));
    vi.stubGlobal("fetch", fetchMock);
    const load = bundleLoader({ nl: "/assets/nl-Nl1.json" });
    await expect(Promise.all([load("nl", "common"), load("nl", "pages")])).rejects.toThrow(/503/);
    expect(fetchMock).toHaveBeenCalledOnce();
    fetchMock.mockImplementation(async () => answer());
    await expect(load("nl", "pages")).resolves.toEqual({ ns: "nl pages" });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it("do not have a language or namespace that is not bundled", async () => {
    const fetchMock = vi.fn(async () => answer());
    vi.stubGlobal("fetch", fetchMock);
    const load = bundleLoader({ nl: "/assets/nl-Nl1.json" });
    await expect(load("xx", "common")).rejects.toBeInstanceOf(MissingLocale);
    expect(fetchMock).not.toHaveBeenCalled();
    await expect(load("nl", "nowhere")).rejects.toBeInstanceOf(MissingLocale);
  });

  it("give i18next every namespace from one fetch, retried as one after a failure", async () => {
    vi.useFakeTimers();
    window.history.replaceState(null, "", "/nl/");
    const fetchMock = vi.fn(async () => answer()).mockImplementationOnce(async () => answer(503));
    vi.stubGlobal("fetch", fetchMock);
    const ready = createI18n({ languages: ["nl"], defaultLanguage: "nl", loader: bundleLoader({ nl: "/assets/nl-Nl1.json" }) });
    await vi.runAllTimersAsync();
    const i18n = await ready;
    expect(fetchMock).toHaveBeenCalledTimes(2);
    for (const ns of namespaces) expect(i18n.t("ns", { ns })).toBe(`nl ${ns}`);
  });
});
