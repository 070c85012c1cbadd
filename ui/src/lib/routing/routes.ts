import type { Lang, RouteEntry } from "../api/types";

/** What a public path is in the route table. */
export interface RouteMatch {
  internal: string; // the route's internal path as configured, e.g. "/feedback/{form}/"
  params: Record<string, string>;
  lang: Lang;
}

const paramSegment = /^\{(\w+)\}$/;

/** What a parameter segment without a list of allowed values takes: a slug (config.Route.ValidParam). */
const slug = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/** Whether value is acceptable for a route's parameter segment: one of its allowed values, else a slug. */
function validParam(allowed: Record<string, string[]> | undefined, name: string, value: string): boolean {
  const values = allowed?.[name];
  return values ? values.includes(value) : slug.test(value);
}

function paramName(segment: string): string | null {
  return paramSegment.exec(segment)?.[1] ?? null;
}

/**
 * Splits a path into decoded segments. Each segment is decoded on its own, so
 * "/fr/je-m%27inscris/" and "/fr/je-m'inscris/" are the same page while an
 * encoded slash cannot forge a segment; the Go router follows the same rule.
 * Returns null for a path no route can have (bad escapes, empty or dot segments).
 */
export function pathSegments(path: string): string[] | null {
  if (!path.startsWith("/")) return null;
  const trimmed = path.slice(1).replace(/\/$/, "");
  if (trimmed === "") return [];
  const out: string[] = [];
  for (const raw of trimmed.split("/")) {
    let seg: string;
    try {
      seg = decodeURIComponent(raw);
    } catch {
      return null;
    }
    if (seg === "" || seg === "." || seg === ".." || seg.includes("/")) return null;
    out.push(seg);
  }
  return out;
}

function joinSegments(segs: string[]): string {
  return segs.length === 0 ? "/" : `/${segs.join("/")}/`;
}

/** Binds the segments of a path to a template's segments; null when they do not fit. */
function bind(
  template: string[],
  segs: string[],
  allowed: Record<string, string[]> | undefined,
): Record<string, string> | null {
  if (template.length !== segs.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < template.length; i++) {
    const t = template[i] as string;
    const s = segs[i] as string;
    const name = paramName(t);
    if (name === null) {
      if (t !== s) return null;
      continue;
    }
    if (!validParam(allowed, name, s)) return null;
    params[name] = s;
  }
  return params;
}

function fill(template: string, params: Record<string, string>): string | null {
  const segs = pathSegments(template);
  if (segs === null) return null;
  const out: string[] = [];
  for (const seg of segs) {
    const name = paramName(seg);
    if (name === null) {
      out.push(seg);
      continue;
    }
    const value = params[name];
    if (!value) return null;
    out.push(value);
  }
  return joinSegments(out);
}

function hasParams(segs: string[]): boolean {
  return segs.some((s) => paramName(s) !== null);
}

/**
 * The localized route table (site.routes): translates internal paths to
 * public ones and back. Public paths come out decoded ("/fr/je-m'inscris/");
 * the router and the browser encode them as needed.
 */
export class RouteTable {
  private readonly routes: RouteEntry[];

  constructor(routes: RouteEntry[]) {
    this.routes = routes;
  }

  /**
   * The route an internal path belongs to: either its configured form
   * ("/feedback/{form}/") with params, or a filled form ("/feedback/contact-me/").
   */
  private resolveInternal(
    internal: string,
    params: Record<string, string>,
  ): { route: RouteEntry; params: Record<string, string> } | null {
    const exact = this.routes.find((r) => r.internal === internal);
    if (exact) return { route: exact, params };
    const segs = pathSegments(internal);
    if (segs === null) return null;
    for (const route of this.routes) {
      const template = pathSegments(route.internal);
      if (template === null || !hasParams(template)) continue;
      const bound = bind(template, segs, route.params);
      if (bound) return { route, params: { ...bound, ...params } };
    }
    return null;
  }

  /** The public path of an internal path in a language; null when that language has no such page. */
  localize(internal: string, lang: Lang, params: Record<string, string> = {}): string | null {
    const found = this.resolveInternal(internal, params);
    if (!found) return null;
    const template = found.route.paths[lang];
    if (!template) return null;
    for (const [name, value] of Object.entries(found.params)) {
      if (!validParam(found.route.params, name, value)) return null;
    }
    return fill(template, found.params);
  }

  /** Whether a config link names a page of the table (so it gets localized). */
  isInternal(link: string): boolean {
    return this.resolveInternal(link, {}) !== null;
  }

  /** Which page a public path is. Paths without parameters win over patterns, as on the server. */
  internalOf(path: string): RouteMatch | null {
    const segs = pathSegments(path);
    if (segs === null || segs.length === 0) return null;
    const lang = segs[0] as string;
    let patternMatch: RouteMatch | null = null;
    for (const route of this.routes) {
      const localized = route.paths[lang];
      if (!localized) continue;
      const template = pathSegments(localized);
      if (template === null) continue;
      const params = bind(template, segs, route.params);
      if (!params) continue;
      const match = { internal: route.internal, params, lang };
      if (!hasParams(template)) return match;
      patternMatch ??= match;
    }
    return patternMatch;
  }
}
