import { describe, expect, it, vi } from "vitest";
import { ApiError } from "./api";
import { createQueryClient, isTransient, maxRetries, pageKey, retryDelay, shouldRetry } from "./query";

const network = new ApiError("Failed to fetch");
const unavailable = new ApiError("HTTP 503", 503);

describe("the retry policy", () => {
  it("tries again when nothing reached the server or it failed, never on a 4xx or another error", () => {
    expect(isTransient(network)).toBe(true);
    expect(isTransient(unavailable)).toBe(true);
    expect(isTransient(new ApiError("HTTP 500", 500))).toBe(true);
    for (const status of [400, 401, 403, 404, 410, 422, 429, 501]) expect(isTransient(new ApiError("no", status))).toBe(false);
    expect(isTransient(new TypeError("a bug"))).toBe(false);
    expect(isTransient(new DOMException("aborted", "AbortError"))).toBe(false);
  });

  it("tries at most twice more", () => {
    expect(shouldRetry(0, network)).toBe(true);
    expect(shouldRetry(maxRetries - 1, network)).toBe(true);
    expect(shouldRetry(maxRetries, network)).toBe(false);
  });

  it("waits half a second, doubling up to 4 s, or what the server asks up to 10 s", () => {
    expect([0, 1, 2, 3, 4].map((n) => retryDelay(n, network))).toEqual([500, 1000, 2000, 4000, 4000]);
    expect(retryDelay(0, new ApiError("busy", 503, { retryAfter: 3 }))).toBe(3000);
    expect(retryDelay(0, new ApiError("busy", 503, { retryAfter: 600 }))).toBe(10_000);
  });
});

describe("the query client", () => {
  it("retries a load whose request failed on the way, then gives the last error", async () => {
    const client = createQueryClient();
    const load = vi.fn(async () => Promise.reject(network));
    await expect(client.fetchQuery({ queryKey: ["x"], queryFn: load, retryDelay: 0 })).rejects.toBe(network);
    expect(load).toHaveBeenCalledTimes(1 + maxRetries);
  });

  it("succeeds when a retry does", async () => {
    const client = createQueryClient();
    const load = vi.fn<() => Promise<string>>().mockRejectedValueOnce(unavailable).mockResolvedValueOnce("page");
    await expect(client.fetchQuery({ queryKey: ["x"], queryFn: load, retryDelay: 0 })).resolves.toBe("page");
    expect(load).toHaveBeenCalledTimes(2);
  });

  it("gives a 4xx at once", async () => {
    const client = createQueryClient();
    const notFound = new ApiError("HTTP 404", 404);
    const load = vi.fn(async () => Promise.reject(notFound));
    await expect(client.fetchQuery({ queryKey: ["x"], queryFn: load, retryDelay: 0 })).rejects.toBe(notFound);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("never sends a change twice", async () => {
    const client = createQueryClient();
    const send = vi.fn(async () => Promise.reject(network));
    const mutation = client.getMutationCache().build(client, { mutationFn: send });
    await expect(mutation.execute(undefined)).rejects.toBe(network);
    expect(send).toHaveBeenCalledTimes(1);
  });

  it("asks nothing again behind the visitor's back", () => {
    const { queries } = createQueryClient().getDefaultOptions();
    expect(queries?.refetchOnWindowFocus).toBe(false);
    expect(queries?.refetchOnReconnect).toBe(false);
  });
});

describe("pageKey", () => {
  it("is one key whatever the percent-encoding of the path", () => {
    expect(pageKey("/fr/je-m%27inscris/")).toEqual(pageKey("/fr/je-m'inscris/"));
    expect(pageKey("/nl/%E0%A4%A/")).toEqual(["page", "/nl/%E0%A4%A/"]);
  });
});
