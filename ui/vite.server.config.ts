import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";
import { buildConstants, lowerAsyncIteration, serverIslands, serverTwins } from "./vite.plugins.ts";

// The server bundle: entry-server.tsx as one classic script that the Go
// binary embeds (ui/embed.go) and runs in its JavaScript engine (package
// render). That engine is neither node nor a browser: no modules, no
// require, no timers, no Intl, no TextEncoder. Built after the client,
// whose build empties dist/ (package.json "build").

// renderToString alone: react-dom/server's browser entry also loads the
// streaming renderer, which makes a MessageChannel and a TextEncoder as it
// loads; its node entry needs node's streams.
const renderToStringOnly = fileURLToPath(
  new URL("./node_modules/react-dom/cjs/react-dom-server-legacy.browser.production.js", import.meta.url),
);

export default defineConfig({
  plugins: [react(), serverTwins(), serverIslands(), lowerAsyncIteration()],
  // Dependencies read process.env.NODE_ENV, which an SSR build leaves to node.
  define: { ...buildConstants, "process.env.NODE_ENV": JSON.stringify("production") },
  resolve: {
    alias: [{ find: /^react-dom\/server$/, replacement: renderToStringOnly }],
  },
  ssr: {
    // Everything in the one script, with the browser builds of the
    // dependencies (algoliasearch's node build needs node's http).
    noExternal: true,
    target: "webworker",
    resolve: { conditions: ["browser", "module", "production", "default"] },
  },
  build: {
    ssr: "src/entry-server.tsx",
    // A dot folder: embedded with dist/ (all:dist) but never served, as
    // httpd skips dot folders.
    outDir: "dist/.server",
    emptyOutDir: true,
    copyPublicDir: false,
    minify: true,
    sourcemap: false,
    // QuickJS runs ES2020 well; goja's gap, async iteration, is lowered by lowerAsyncIteration.
    target: "es2020",
    rolldownOptions: {
      output: {
        format: "iife",
        entryFileNames: "render.js",
      },
    },
  },
});
