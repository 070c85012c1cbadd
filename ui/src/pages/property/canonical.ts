/** The listing's address for sharing: the configured base when set, else where the visitor is. */
export function canonicalUrl(baseUrl: string, path: string): string {
  const origin = baseUrl || (typeof location === "undefined" ? "" : location.origin);
  try {
    return new URL(path, origin).href;
  } catch {
    return path;
  }
}
