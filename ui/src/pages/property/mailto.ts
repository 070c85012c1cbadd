/**
 * A mailto: address with subject and body. Encoded with encodeURIComponent,
 * not URLSearchParams: mail clients show the latter's "+" for a space as is.
 */
export function mailto(to: string, subject: string, body: string): string {
  const query = [`subject=${encodeURIComponent(subject)}`, `body=${encodeURIComponent(body)}`].join("&");
  return `mailto:${to}?${query}`;
}

/** The listing's address for sharing: the configured base when set, else where the visitor is. */
export function canonicalUrl(baseUrl: string, path: string): string {
  const origin = baseUrl || (typeof location === "undefined" ? "" : location.origin);
  try {
    return new URL(path, origin).href;
  } catch {
    return path;
  }
}
