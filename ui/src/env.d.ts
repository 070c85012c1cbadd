/** The year the UI was built (vite.plugins.ts buildConstants): the same in the browser's bundle and the server's. */
declare const __BUILD_YEAR__: number;
