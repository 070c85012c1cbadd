/**
 * True when the code runs to render HTML on the server (the Go binary's
 * JavaScript engine, or node in the tests): there is no window, document
 * or storage there. Browser-only work belongs in effects, which the server
 * never runs; the few reads a render needs check this instead.
 */
export const onServer = typeof window === "undefined";

/** The scheme and host of an absolute address ("https://example.be" of "https://example.be/nl/"), "" for a relative one. URL is not in every engine. */
export function originOf(address: string): string {
  return /^[a-z][a-z0-9+.-]*:\/\/[^/?#]+/i.exec(address)?.[0] ?? "";
}
