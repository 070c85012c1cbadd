import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { basename, join } from "node:path";
import { brotliCompressSync, constants as zlib } from "node:zlib";
import { fileURLToPath } from "node:url";
import { transformWithOxc, type Plugin } from "vite";

// Plugins for the modules built for the server: the SSR build
// (vite.server.config.ts) and Vitest's node environment, where
// entry-server.test.tsx renders pages as the Go binary does. Modules built
// for the browser are left alone. The last, localeBundles, is the browser's:
// it bundles the texts that the browser fetches.

/**
 * Constants both bundles are built with (src/env.d.ts): what the server's
 * render and the browser's hydration must read alike without data to share.
 */
export const buildConstants = {
  __BUILD_YEAR__: JSON.stringify(new Date().getFullYear()),
};

/**
 * Resolves the modules that load parts of the app lazily to their eager
 * twins (X.server.ts beside X.ts) on the server: renderToString cannot
 * wait for a chunk. The browser keeps one chunk per view and the live
 * list's own (features/search/liveList.ts).
 */
export function serverTwins(): Plugin {
  const twins = new Map(
    ["./src/pages/registry.ts", "./src/features/search/liveList.ts"].map((file) => [
      fileURLToPath(new URL(file, import.meta.url)),
      fileURLToPath(new URL(file.replace(/\.ts$/, ".server.ts"), import.meta.url)),
    ]),
  );
  return {
    name: "estate:server-twins",
    enforce: "pre",
    async resolveId(source, importer, options) {
      if (!options.ssr || !/\/(registry|liveList)$/.test(source)) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      return (resolved && twins.get(resolved.id)) ?? null;
    },
  };
}

/** An import() call: not a method named import, nor import.meta. */
const dynamicImport = /(?<![.\w$])import\s*\(/g;

/**
 * Makes every import() a promise that never settles, on the server. What
 * the app loads that way is browser-only (Leaflet, the gallery's lightbox,
 * charts, the captcha, the cookie dialog): on the server its lazy component
 * always renders its fallback, as the browser's first render does, instead
 * of the real thing once a previous render has loaded the chunk. Those
 * libraries stay out of the server bundle, and no import() is left in it
 * (goja cannot parse one; react-router's route-module loader has one).
 */
export function serverIslands(): Plugin {
  return {
    name: "estate:server-islands",
    enforce: "post",
    transform(code, id, options) {
      if (!options?.ssr || id.startsWith("\0") || !dynamicImport.test(code)) return null;
      dynamicImport.lastIndex = 0;
      return {
        code: `const __estateNeverLoads = () => new Promise(() => {});\n${code.replace(dynamicImport, "__estateNeverLoads(")}`,
        map: null,
      };
    },
  };
}

/** Syntax of ES2018 that goja's parser refuses: an async generator, for await. */
const asyncIteration = /\basync\s*(function\s*)?\*|\bfor\s+await\b/;

/**
 * Lowers async generators (ES2018) to ES2017 in the few modules that have
 * them (get-intrinsic's async-generator-function under qs, algoliasearch's
 * streaming requests): goja, the fallback engine, cannot parse them. The
 * rest of the bundle stays ES2020, which QuickJS, the default engine, runs
 * a quarter to a third faster than the same code lowered to ES2017.
 */
export function lowerAsyncIteration(): Plugin {
  return {
    name: "estate:lower-async-iteration",
    enforce: "post",
    async transform(code, id, options) {
      if (!options?.ssr || id.startsWith("\0") || !asyncIteration.test(code)) return null;
      const out = await transformWithOxc(code, id, { target: "es2017", lang: "js" });
      return { code: out.code, map: out.map };
    },
  };
}

const localeBundlesId = "virtual:locale-bundles";

/**
 * Each language's locale files as one JSON file, {namespace: texts}: a page
 * fetches its language's texts in one request instead of one per namespace
 * (twelve, each with its own headers, and gzip does better on the whole).
 * The translators' files stay one per namespace; only what is served is
 * bundled. `virtual:locale-bundles` exports each bundle's address by
 * language. The build emits them as hashed assets, listed in the manifest
 * as src/locales/<lang>.json, which the Go server preloads from the head
 * (httpd localeFiles); the dev server assembles them on each request.
 */
export function localeBundles(): Plugin {
  const dir = fileURLToPath(new URL("./src/locales", import.meta.url));
  const devPath = "/@estate/locales/";
  const languages = () =>
    readdirSync(dir, { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name)
      .sort();
  /** One language's files, and their bundle. */
  const bundle = (lang: string) => {
    const files = readdirSync(join(dir, lang))
      .filter((f) => f.endsWith(".json"))
      .sort()
      .map((f) => join(dir, lang, f));
    const texts = Object.fromEntries(files.map((f) => [basename(f, ".json"), JSON.parse(readFileSync(f, "utf8")) as unknown]));
    return { files, json: JSON.stringify(texts) };
  };
  let build = false;
  return {
    name: "estate:locale-bundles",
    configResolved(config) {
      build = config.command === "build";
    },
    resolveId(source) {
      return source === localeBundlesId ? `\0${localeBundlesId}` : null;
    },
    load(id) {
      if (id !== `\0${localeBundlesId}`) return null;
      const urls = languages().map((lang) => {
        if (!build) return `${JSON.stringify(lang)}: ${JSON.stringify(`${devPath}${lang}.json`)}`;
        const { files, json } = bundle(lang);
        for (const f of files) this.addWatchFile(f);
        const ref = this.emitFile({ type: "asset", name: `${lang}.json`, originalFileName: `src/locales/${lang}.json`, source: json });
        return `${JSON.stringify(lang)}: import.meta.ROLLUP_FILE_URL_${ref}`;
      });
      return `export default {${urls.join(", ")}};`;
    },
    configureServer(server) {
      server.middlewares.use(devPath, (req, res) => {
        const lang = /^\/([\w-]+)\.json$/.exec(req.url ?? "")?.[1];
        if (!lang || !languages().includes(lang)) {
          res.statusCode = 404;
          res.end();
          return;
        }
        res.setHeader("Content-Type", "application/json");
        res.end(bundle(lang).json);
      });
      // Nothing imports the files in the dev server's module graph, so an edit would not reload the page by itself.
      server.watcher.on("change", (file) => {
        if (file.startsWith(dir) && file.endsWith(".json")) server.ws.send({ type: "full-reload" });
      });
    },
  };
}

/** What Brotli pays on: text, scripts, styles, JSON and SVG. */
const compressibleFile = /\.(?:js|mjs|css|json|svg|html|txt|xml|webmanifest)$/;

/**
 * Writes each text file of the browser's build beside itself in Brotli at
 * its highest quality (X.br), which the Go server sends to a browser that
 * accepts br and embeds with the rest (httpd loadStatic). Brotli's best is
 * too slow to run as the server starts, and a build runs once; it makes
 * scripts some 15 % smaller than the best gzip. A file Brotli does not
 * shrink by a tenth gets none, as with the server's gzip.
 */
export function precompress(): Plugin {
  let outDir = "";
  return {
    name: "estate:precompress",
    apply: "build",
    configResolved(config) {
      outDir = config.build.outDir.startsWith("/") ? config.build.outDir : join(config.root, config.build.outDir);
    },
    closeBundle() {
      const files = readdirSync(outDir, { recursive: true, encoding: "utf8" }).filter(
        (f) => compressibleFile.test(f) && !f.split("/").some((part) => part.startsWith(".")),
      );
      for (const f of files) {
        const path = join(outDir, f);
        const body = readFileSync(path);
        if (body.length <= 512) continue;
        const br = brotliCompressSync(body, {
          params: {
            [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY,
            [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
            [zlib.BROTLI_PARAM_SIZE_HINT]: body.length,
          },
        });
        if (br.length < (body.length * 9) / 10) writeFileSync(`${path}.br`, br);
      }
    },
  };
}
