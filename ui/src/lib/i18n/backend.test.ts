// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { MissingLocale, bundledLanguages, fetchLocale } from "./backend";
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
    vi.unstubAllGlobals();
  });

  it("exist for en, nl, fr and de", () => {
    expect(bundledLanguages()).toEqual(["de", "en", "fr", "nl"]);
  });

  it("are fetched from their own asset address, and a failed answer is an error", async () => {
    const fetchMock = vi.fn(async () => new Response('{"skipLink":"Naar de inhoud"}', { status: 200 }));
    vi.stubGlobal("fetch", fetchMock);
    await expect(fetchLocale("nl", "common")).resolves.toEqual({ skipLink: "Naar de inhoud" });
    expect(String(fetchMock.mock.calls[0]?.[0 as never])).toMatch(/locales\/nl\/common\.json/);
    fetchMock.mockResolvedValueOnce(new Response("", { status: 503 }));
    await expect(fetchLocale("nl", "common")).rejects.toThrow(/503/);
    await expect(fetchLocale("xx", "common")).rejects.toBeInstanceOf(MissingLocale);
  });
});
