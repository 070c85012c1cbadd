/** The year the UI was built (vite.plugins.ts buildConstants): the same in the browser's bundle and the server's. */
declare const __BUILD_YEAR__: number;

/** Each language's locale bundle, {namespace: texts}, by language: its address (vite.plugins.ts localeBundles). */
declare module "virtual:locale-bundles" {
  const urls: Record<string, string>;
  export default urls;
}
