import { readdirSync, readFileSync } from "node:fs";
import { defineConfig } from "vitest/config";
import react from "@vitejs/plugin-react";
import { buildConstants, localeBundles, precompress, serverIslands, serverTwins } from "./vite.plugins.ts";

// The Go server (make run, :8080) answers everything that is not the UI
// itself; the dev server forwards those paths so pages get real data.
const goServer = process.env.ESTATE_URL ?? "http://localhost:8080";
const proxied = ["/api", "/1", "/demo", "/images/epc", "/healthz", "/readyz", "/sitemap.xml", "/robots.txt"];

// Test files that replace modules or globals (vi.mock, stubs, spies, fake
// timers) need a module registry of their own: in a shared one the module
// is already loaded, unmocked, by an earlier file. Every other file shares
// its worker's registry and DOM with the files before it, which saves most
// of a small file's time (setting up jsdom, importing React and i18next).
// Only Vitest reads them: a build or the dev server has no use for the list.
const mocking = (process.env.VITEST ? readdirSync("src", { recursive: true, encoding: "utf8" }) : [])
  .filter((f) => /\.test\.tsx?$/.test(f) && /\bvi\.(mock|doMock|stubGlobal|stubEnv|spyOn|useFakeTimers)\(/.test(readFileSync(`src/${f}`, "utf8")))
  .map((f) => `src/${f}`);

export default defineConfig({
  define: buildConstants,
  // The two server plugins act only on modules built for the server (the SSR build, Vitest's node environment);
  // localeBundles gives the browser its texts, precompress their Brotli form.
  plugins: [react(), serverTwins(), serverIslands(), localeBundles(), precompress()],
  server: {
    // leads/forms.json, the form contract shared with the Go server, lives outside ui/.
    fs: { allow: [".", "../leads/forms.json"] },
    proxy: Object.fromEntries(proxied.map((p) => [p, { target: goServer, changeOrigin: false }])),
  },
  build: {
    outDir: "dist",
    // Stale bundles would be embedded in the binary; the build script puts
    // back dist/.keep, committed so go:embed finds the folder on a fresh clone.
    emptyOutDir: true,
    assetsDir: "assets",
    // The server reads .vite/manifest.json to preload the page language's
    // translations (localeBundles) from the first HTML.
    manifest: true,
    sourcemap: false,
  },
  test: {
    setupFiles: ["./vitest.setup.ts"],
    // Vitest leaves a core free by default: on CI's two cores that is one worker.
    maxWorkers: 2,
    // Setting up a DOM is most of a small test file's time: logic tests
    // (*.test.ts) run without one; those that need it say so in a
    // `@vitest-environment jsdom` comment, components (*.test.tsx) have it.
    projects: [
      { extends: true, test: { name: "logic", environment: "node", include: ["src/**/*.test.ts"], exclude: mocking, isolate: false } },
      { extends: true, test: { name: "logic, mocking", environment: "node", include: mocking.filter((f) => f.endsWith(".ts")) } },
      { extends: true, test: { name: "components", environment: "jsdom", include: ["src/**/*.test.tsx"], exclude: mocking, isolate: false } },
      { extends: true, test: { name: "components, mocking", environment: "jsdom", include: mocking.filter((f) => f.endsWith(".tsx")) } },
    ],
  },
});
