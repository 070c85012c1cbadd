// core-js ships no types; its URL classes are the standard's.
declare module "core-js-pure/actual/url" {
  const URL: typeof globalThis.URL;
  export default URL;
}
declare module "core-js-pure/actual/url-search-params" {
  const URLSearchParams: typeof globalThis.URLSearchParams;
  export default URLSearchParams;
}
