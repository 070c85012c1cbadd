// The browser's hydration of the server's HTML, for every page kind in nl
// and fr: the HTML comes from the server entry itself (entry-server.tsx,
// loaded through Vite's SSR transform with the server plugins: eager
// views, lazy islands that never load), rendered with the browser's
// globals hidden as the Go binary's engine has none; then main.tsx's code
// path (startApp) hydrates it in jsdom. A mismatch shows as a recoverable
// error or a console error, or as HTML that changed.
import { act } from "react";
import type { Root } from "react-dom/client";
import type { ResourceKey } from "i18next";
import { readFileSync } from "node:fs";
import { createServer, type Plugin, type ViteDevServer } from "vite";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { RenderInput, RenderPage } from "./entry-server";
import { startApp } from "./app/start";
import type { LocaleLoader } from "./lib/i18n/backend";
import { cases, type Case } from "./pages/__fixtures__/cases";
import { site } from "./pages/__fixtures__/site";
import type { SiteData } from "./lib/api/types";
import { optimizedPhoto } from "./lib/photo/testSupport";

const localeFiles = import.meta.glob<ResourceKey>("./locales/*/*.json", { import: "default", eager: true });

/** The texts as the browser fetches them, from the bundled files. */
const loader: LocaleLoader = async (lng, ns) => {
  const file = localeFiles[`./locales/${lng}/${ns}.json`];
  if (!file) throw new Error(`no ${ns} texts for ${lng}`);
  return file;
};

/** What the server's engine does not have: hidden while the server entry loads and renders. */
const browserOnly = [
  "window",
  "self",
  "document",
  "navigator",
  "location",
  "history",
  "localStorage",
  "sessionStorage",
  "matchMedia",
  "innerWidth",
  "innerHeight",
  "scrollY",
  "requestAnimationFrame",
  "HTMLElement",
  "Element",
  "Node",
];

async function withoutBrowser<T>(run: () => T | Promise<T>): Promise<T> {
  const scope = globalThis as Record<string, unknown>;
  const saved = new Map<string, PropertyDescriptor>();
  for (const name of browserOnly) {
    const d = Object.getOwnPropertyDescriptor(scope, name);
    if (!d) continue;
    saved.set(name, d);
    delete scope[name];
  }
  try {
    return await run();
  } finally {
    for (const [name, d] of saved) Object.defineProperty(scope, name, d);
  }
}

// startApp runs inside act(), which flushes the hydration and its effects.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** Whether a bare import names a CommonJS package (no "type": "module", no ESM entry). */
function isCommonJs(specifier: string): boolean {
  if (/^[./]|^\0|^node:|^virtual:/.test(specifier)) return false;
  const parts = specifier.split("/");
  const name = specifier.startsWith("@") ? parts.slice(0, 2).join("/") : parts[0]!;
  try {
    const pkg = JSON.parse(readFileSync(`${process.cwd()}/node_modules/${name}/package.json`, "utf8")) as Record<string, unknown>;
    return pkg.type !== "module" && !pkg.module && !JSON.stringify(pkg.exports ?? "").includes('"import"');
  } catch {
    return false;
  }
}

/**
 * Vite's module runner, unlike the server bundle (everything bundled) and
 * Vitest's node environment, finds no named export in a CommonJS package
 * whose exports node cannot detect (algoliasearch-helper's): a named import
 * from one is rewritten to its default import, destructured.
 */
function commonJsNamedImports(): Plugin {
  let n = 0;
  return {
    name: "test:commonjs-named-imports",
    transform(code, id, options) {
      if (!options?.ssr || id.includes("/node_modules/")) return null;
      let changed = false;
      const out = code.replace(/import\s*\{([^}]*)\}\s*from\s*["']([^"']+)["'];?/g, (all, names: string, from: string) => {
        if (!isCommonJs(from)) return all;
        changed = true;
        const local = `__cjs${n++}`;
        const bindings = names
          .split(",")
          .map((x) => x.trim())
          .filter((x) => x && !x.startsWith("type "))
          .map((x) => x.replace(/\s+as\s+/, ": "));
        return `import ${local} from "${from}"; const { ${bindings.join(", ")} } = ${local};`;
      });
      return changed ? { code: out, map: null } : null;
    },
  };
}

let vite: ViteDevServer;
let renderPage: RenderPage;

beforeEach(() => {
  // The captcha's <altcha-widget> is defined by a chunk a form loads after hydration. In one page's life
  // that is always after; here every page shares one window, so a previous page's definition would
  // upgrade this page's server HTML before it hydrates. The widget itself is not under test.
  vi.spyOn(customElements, "define").mockImplementation(() => undefined);
});

beforeAll(async () => {
  vite = await createServer({
    configFile: `${process.cwd()}/vite.config.ts`,
    server: { middlewareMode: true, hmr: false, ws: false },
    plugins: [commonJsNamedImports()],
    appType: "custom",
    logLevel: "error",
  });
  await withoutBrowser(() => vite.ssrLoadModule("/src/entry-server.tsx"));
  renderPage = (globalThis as { renderPage?: RenderPage }).renderPage!;
}, 60_000);

afterAll(async () => {
  await vite?.close();
});

/** The #root's HTML the Go server sends for the case. */
export function serverHtml(c: Case): Promise<string> {
  const input: RenderInput = { url: c.page.path, site: c.site ?? site, page: c.page };
  return withoutBrowser(() => renderPage(JSON.stringify(input)));
}

/** The page's shell as httpd writes it, with the server's HTML in #root. */
function loadShell(c: Case, html: string) {
  window.history.replaceState(null, "", c.page.path);
  document.documentElement.lang = c.page.lang;
  const json = (id: string, data: unknown) => {
    const script = document.createElement("script");
    script.type = "application/json";
    script.id = id;
    script.textContent = JSON.stringify(data);
    return script;
  };
  document.head.replaceChildren(json("site-data", c.site ?? site), json("page-data", c.page));
  const root = document.createElement("div");
  root.id = "root";
  root.innerHTML = html;
  document.body.replaceChildren(root);
  return root;
}

/**
 * What only the browser renders, by design, once the page has hydrated:
 * removed from both sides before they are compared.
 */
const clientOnly: Partial<Record<string, { selector: string; why: string }>> = {
  // Without initial results (#search-data) the server renders the list's heading only, and InstantSearch
  // starts after mount; with them (the browser test of every route) the whole list is in the server's HTML.
  "for-sale": { selector: ".listings-search", why: "InstantSearch starts after mount without initial results" },
  "for-rent": { selector: ".listings-search", why: "InstantSearch starts after mount without initial results" },
  // The token is in the address's fragment, which the server never sees.
  "password-reset": { selector: "#main > *", why: "reads its token from the fragment" },
  unsubscribe: { selector: "#main > *", why: "reads its token from the fragment" },
  "demand-confirm": { selector: "#main > *", why: "reads its token from the fragment" },
  favourites: { selector: ".favourites-page__saved > *", why: "the list lives in the browser's storage" },
  // Leaflet draws into the frame once it nears the screen; the server leaves the frame empty.
  property: { selector: ".detail-map__frame > *", why: "the map is drawn in the browser" },
};

/**
 * The container's HTML without what effects legitimately change after
 * hydration: style attributes set through the CSSOM (the header's measured
 * height, configured colours; the server writes none, see below), a
 * form's fields enabled once hydrated (ScriptGate) and the view's
 * client-only region.
 */
function comparable(container: HTMLElement, view: string): string {
  const copy = container.cloneNode(true) as HTMLElement;
  for (const el of copy.querySelectorAll("[style]")) el.removeAttribute("style");
  // A form's fields are inert until hydration (ScriptGate), then enabled.
  for (const el of copy.querySelectorAll("fieldset.script-gate")) el.removeAttribute("disabled");
  const only = clientOnly[view];
  if (only) for (const el of copy.querySelectorAll(only.selector)) el.remove();
  return copy.innerHTML;
}

/** Where two HTML texts first differ, with some context; "" when they are equal. */
function difference(server: string, client: string): string {
  if (server === client) return "";
  let i = 0;
  while (server[i] === client[i]) i++;
  const from = Math.max(0, i - 150);
  return `at ${i}:\n  server: …${server.slice(from, i + 250)}\n  client: …${client.slice(from, i + 250)}`;
}

let root: Root | undefined;

afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  document.head.replaceChildren();
  document.body.replaceChildren();
  vi.restoreAllMocks();
});

describe("hydration", () => {
  it.each(cases)("hydrates $name without a mismatch", async (c) => {
    // No answer to any request: the page must not need one to hydrate.
    vi.spyOn(globalThis, "fetch").mockImplementation(() => new Promise<Response>(() => {}));
    const html = await serverHtml(c);
    const container = loadShell(c, html);
    // The HTML as the browser parsed it: React writes autoComplete and <img/>, the DOM reads autocomplete and <img>.
    const parsed = comparable(container, c.page.view);
    const errors = vi.spyOn(console, "error");
    const warnings = vi.spyOn(console, "warn");
    await act(async () => {
      root = await startApp(container, { loader });
    });
    expect(errors.mock.calls).toEqual([]);
    expect(warnings.mock.calls).toEqual([]);
    expect(difference(parsed, comparable(container, c.page.view))).toBe("");
  });

  it("renders the page itself when the server fell back (an empty #root)", async () => {
    vi.spyOn(globalThis, "fetch").mockImplementation(() => new Promise<Response>(() => {}));
    const c = cases.find((x) => x.page.view === "office")!;
    const container = loadShell(c, "");
    const errors = vi.spyOn(console, "error");
    await act(async () => {
      root = await startApp(container, { loader });
    });
    await vi.waitFor(() => expect(container.querySelector("main h1")?.textContent).toBe(c.page.title));
    expect(errors.mock.calls).toEqual([]);
  });

  it.each(cases)("writes no style attribute in $name (the CSP forbids inline styles)", async (c) => {
    expect(await serverHtml(c)).not.toMatch(/\sstyle=/);
  });

  it.each(cases)("leaves React's image preloads out of $name (the head preloads the largest image)", async (c) => {
    expect(await serverHtml(c)).not.toMatch(/<link[^>]*rel="preload"/);
  });

  // Every photo as the image pipeline serves it from our origin, each an own picture (lib/photo).
  const optimize = <T extends object>(photo: T, n: number): T => ({ ...photo, optimized: optimizedPhoto(`${n}`.padStart(4, "0")) });
  const optimizedCases: Case[] = [
    {
      name: "property with optimized photos",
      page: ((p) => ({
        ...p,
        property: { ...p.property!, photos: p.property!.photos.map(optimize) },
        similar: p.similar?.map((c, i) => ({ ...c, thumbnail: c.thumbnail && optimize(c.thumbnail, 100 + i) })),
      }))(cases.find((x) => x.name === "property-nl")!.page),
    },
    {
      name: "projects with optimized photos",
      page: ((p) => ({
        ...p,
        projects: p.projects?.map((c, i) => ({ ...c, thumbnail: c.thumbnail && optimize(c.thumbnail, i) })),
      }))(cases.find((x) => x.name === "projects-nl")!.page),
    },
    ((home) => ({
      name: "home with an optimized banner",
      page: home.page,
      site: ((s) => ({ ...s, banner: { ...s.banner, images: s.banner.images.map(optimize) } }))(home.site ?? site),
    }))(cases.find((x) => x.name === "home-nl")!),
  ];

  it.each(optimizedCases)("hydrates the <picture>s of $name without a mismatch", async (c) => {
    vi.spyOn(globalThis, "fetch").mockImplementation(() => new Promise<Response>(() => {}));
    const html = await serverHtml(c);
    expect(html).toMatch(/<picture class="picture"><source type="image\/avif" srcSet="\/img\//);
    expect(html).not.toMatch(/<link[^>]*rel="preload"/);
    const container = loadShell(c, html);
    const parsed = comparable(container, c.page.view);
    const errors = vi.spyOn(console, "error");
    const warnings = vi.spyOn(console, "warn");
    await act(async () => {
      root = await startApp(container, { loader });
    });
    expect(errors.mock.calls).toEqual([]);
    expect(warnings.mock.calls).toEqual([]);
    expect(difference(parsed, comparable(container, c.page.view))).toBe("");
  });

  // What config styles: a colour banner, coloured top bar icons, footer columns with their widths.
  const styled: SiteData = {
    ...site,
    banner: { kind: "color", images: [], color: "#1f4e3d", video: null },
    topBar: {
      show: true,
      left: [{ status: true, label: { nl: "Bel ons" }, link: "tel:+3261234567", icon: "phone", color: "#c00" }],
      right: [],
    },
    footer: {
      ...site.footer,
      columns: [
        {
          title: { nl: "Kantoor" },
          introText: { html: { nl: "<p>Welkom</p>" }, public: true },
          fullText: { html: {}, public: false },
          images: [],
          widths: { sm: 12, md: 6, lg: 4 },
        },
      ],
    },
  };

  it("writes no style attribute for configured colours and column widths, and applies them once hydrated", async () => {
    vi.spyOn(globalThis, "fetch").mockImplementation(() => new Promise<Response>(() => {}));
    const c: Case = { name: "home styled", page: cases.find((x) => x.name === "home-nl")!.page, site: styled };
    const html = await serverHtml(c);
    expect(html).not.toMatch(/\sstyle=/);
    expect(html).toContain('class="footer__col footer__col--sm-12 footer__col--md-6 footer__col--lg-4"');
    const container = loadShell(c, html);
    const errors = vi.spyOn(console, "error");
    await act(async () => {
      root = await startApp(container, { loader });
    });
    expect(errors.mock.calls).toEqual([]);
    expect(container.querySelector<HTMLElement>(".banner--color")?.style.background).toMatch(/#1f4e3d|rgb\(31, 78, 61\)/);
    expect(container.querySelector<SVGElement>(".topbar svg")?.style.color).toMatch(/#c00|rgb\(204, 0, 0\)/);
  });
});
