/** The locale files every page loads, in the browser (index.ts) and on the server (server.ts). */
export const namespaces = ["common", "consent", "pages", "calculator", "search", "map", "property", "projects", "forms", "account", "search-profile"] as const;
