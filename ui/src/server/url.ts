// URL and URLSearchParams for the server's JavaScript engine, which has
// neither, while react-router (its static router encodes every link's
// address with new URL), the language switcher and the share links use
// them during a render. A subset of the WHATWG URL Standard: absolute and
// relative addresses of http(s)-like schemes and opaque ones (mailto:,
// tel:), the standard's percent-encode sets, dot segments, default ports.
// Not covered, as no render needs them: IDNA (a non-ASCII host is only
// lower-cased), IPv6 and IPv4 number forms, setters other than through
// searchParams. Installed only where the engine lacks URL (server/globals.ts).

const specialPorts: Record<string, string> = { "http:": "80", "https:": "443", "ws:": "80", "wss:": "443", "ftp:": "21", "file:": "" };

/** The standard's percent-encode sets, as tests on a code point (those above U+007E are always encoded). */
const c0 = (c: number) => c < 0x20 || c === 0x7f;
const fragmentSet = (c: number) => c0(c) || c === 0x20 || c === 0x22 || c === 0x3c || c === 0x3e || c === 0x60;
const querySet = (c: number) => c0(c) || c === 0x20 || c === 0x22 || c === 0x23 || c === 0x3c || c === 0x3e;
const specialQuerySet = (c: number) => querySet(c) || c === 0x27;
const pathSet = (c: number) => querySet(c) || c === 0x3f || c === 0x60 || c === 0x7b || c === 0x7d;
const userinfoSet = (c: number) => pathSet(c) || c === 0x2f || c === 0x3a || c === 0x3b || c === 0x3d || c === 0x40 || (c >= 0x5b && c <= 0x5e) || c === 0x7c;

function utf8Escape(ch: string): string {
  try {
    return encodeURIComponent(ch);
  } catch {
    return "%EF%BF%BD"; // a lone surrogate becomes U+FFFD, as the standard's UTF-8 encoder writes it
  }
}

function percentEncode(s: string, inSet: (c: number) => boolean): string {
  let out = "";
  for (const ch of s) {
    const c = ch.codePointAt(0) ?? 0;
    if (c > 0x7e) out += utf8Escape(ch);
    else if (inSet(c)) out += `%${c.toString(16).toUpperCase().padStart(2, "0")}`;
    else out += ch;
  }
  return out;
}

function isDot(seg: string): boolean {
  return seg === "." || seg.toLowerCase() === "%2e";
}

function isDoubleDot(seg: string): boolean {
  return /^(\.|%2e)(\.|%2e)$/i.test(seg);
}

/** A path's segments with "." and ".." applied; a path ending in one of them ends in a slash. */
function normalizePath(path: string): string {
  const out: string[] = [];
  const segments = path.split("/").slice(1);
  segments.forEach((seg, i) => {
    const last = i === segments.length - 1;
    if (isDoubleDot(seg)) {
      out.pop();
      if (last) out.push("");
    } else if (isDot(seg)) {
      if (last) out.push("");
    } else {
      out.push(seg);
    }
  });
  return `/${out.join("/")}`;
}

interface Parts {
  protocol: string; // "https:"
  username: string;
  password: string;
  hostname: string;
  port: string;
  pathname: string;
  opaque: boolean; // mailto:, tel:: no host, the path as written
  query: string | null; // without "?"
  fragment: string | null; // without "#"
}

const schemePattern = /^([a-zA-Z][a-zA-Z0-9+.-]*):/;

function splitTail(s: string): { rest: string; query: string | null; fragment: string | null } {
  let rest = s;
  let fragment: string | null = null;
  let query: string | null = null;
  const hashAt = rest.indexOf("#");
  if (hashAt >= 0) {
    fragment = rest.slice(hashAt + 1);
    rest = rest.slice(0, hashAt);
  }
  const queryAt = rest.indexOf("?");
  if (queryAt >= 0) {
    query = rest.slice(queryAt + 1);
    rest = rest.slice(0, queryAt);
  }
  return { rest, query, fragment };
}

function invalid(input: string): TypeError {
  return new TypeError(`Invalid URL: ${input}`);
}

/** Parses "//authority/path" (after the scheme) into host and path parts. */
function parseAuthority(protocol: string, afterSlashes: string, input: string): Pick<Parts, "username" | "password" | "hostname" | "port"> & { path: string } {
  const end = afterSlashes.search(/[/]/);
  const authority = end < 0 ? afterSlashes : afterSlashes.slice(0, end);
  const path = end < 0 ? "" : afterSlashes.slice(end);
  let hostPort = authority;
  let username = "";
  let password = "";
  const at = authority.lastIndexOf("@");
  if (at >= 0) {
    const userinfo = authority.slice(0, at);
    hostPort = authority.slice(at + 1);
    const colon = userinfo.indexOf(":");
    username = percentEncode(colon < 0 ? userinfo : userinfo.slice(0, colon), userinfoSet);
    password = colon < 0 ? "" : percentEncode(userinfo.slice(colon + 1), userinfoSet);
  }
  const portMatch = /:(\d*)$/.exec(hostPort);
  const hostname = (portMatch ? hostPort.slice(0, portMatch.index) : hostPort).toLowerCase();
  let port = portMatch?.[1] ?? "";
  if (port !== "") {
    const n = Number(port);
    if (n > 65535) throw invalid(input);
    port = String(n);
  }
  if (specialPorts[protocol] === port) port = "";
  if (hostname === "" && protocol in specialPorts && protocol !== "file:") throw invalid(input);
  if (/[\s<>^|%]/.test(hostname)) throw invalid(input);
  return { username, password, hostname, port, path };
}

function parse(rawInput: string, base?: Parts): Parts {
  // The standard drops tabs and newlines anywhere, and C0 controls and spaces at the ends.
  const input = rawInput.replace(/[\t\n\r]/g, "").replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, "");
  const scheme = schemePattern.exec(input);
  if (scheme) {
    const protocol = `${scheme[1]!.toLowerCase()}:`;
    const special = protocol in specialPorts;
    let rest = input.slice(scheme[0].length);
    if (special) rest = rest.replace(/\\/g, "/");
    const { rest: beforeQuery, query, fragment } = splitTail(rest);
    if (special || beforeQuery.startsWith("//")) {
      const afterSlashes = beforeQuery.replace(special ? /^\/*/ : /^\/\//, "");
      const { path, ...host } = parseAuthority(protocol, afterSlashes, input);
      return { protocol, ...host, pathname: normalizePath(path || "/"), opaque: false, query, fragment };
    }
    return { protocol, username: "", password: "", hostname: "", port: "", pathname: beforeQuery, opaque: !beforeQuery.startsWith("/"), query, fragment };
  }
  if (!base || base.opaque) throw invalid(rawInput);
  const rest = base.protocol in specialPorts ? input.replace(/\\/g, "/") : input;
  const { rest: path, query, fragment } = splitTail(rest);
  if (path.startsWith("//")) {
    const { path: p, ...host } = parseAuthority(base.protocol, path.slice(2), rawInput);
    return { protocol: base.protocol, ...host, pathname: normalizePath(p || "/"), opaque: false, query, fragment };
  }
  const same = { protocol: base.protocol, username: base.username, password: base.password, hostname: base.hostname, port: base.port, opaque: false };
  if (path === "") {
    // "", "#…" or "?…": the base's path, and its query unless one is given.
    return { ...same, pathname: base.pathname, query: query ?? base.query, fragment };
  }
  const merged = path.startsWith("/") ? path : `${base.pathname.slice(0, base.pathname.lastIndexOf("/") + 1)}${path}`;
  return { ...same, pathname: normalizePath(merged), query, fragment };
}

const parts = new WeakMap<object, Parts>();

export class ServerURL {
  readonly searchParams: ServerURLSearchParams;

  constructor(url: string | ServerURL, base?: string | ServerURL) {
    const baseParts = base === undefined ? undefined : parse(String(base));
    const p = parse(String(url), baseParts);
    const special = p.protocol in specialPorts;
    p.pathname = p.opaque ? percentEncode(p.pathname, c0) : percentEncode(p.pathname, pathSet);
    if (p.query !== null) p.query = percentEncode(p.query, special ? specialQuerySet : querySet);
    if (p.fragment !== null) p.fragment = percentEncode(p.fragment, fragmentSet);
    parts.set(this, p);
    this.searchParams = new ServerURLSearchParams(p.query ?? "");
    bindSearch(this.searchParams, (query) => {
      p.query = query === "" ? null : query;
    });
  }

  static canParse(url: string, base?: string): boolean {
    try {
      new ServerURL(url, base);
      return true;
    } catch {
      return false;
    }
  }

  private get parts(): Parts {
    return parts.get(this)!;
  }

  get protocol(): string {
    return this.parts.protocol;
  }
  get username(): string {
    return this.parts.username;
  }
  get password(): string {
    return this.parts.password;
  }
  get hostname(): string {
    return this.parts.hostname;
  }
  get port(): string {
    return this.parts.port;
  }
  get host(): string {
    const p = this.parts;
    return p.port ? `${p.hostname}:${p.port}` : p.hostname;
  }
  get origin(): string {
    const p = this.parts;
    return p.protocol in specialPorts && p.protocol !== "file:" ? `${p.protocol}//${this.host}` : "null";
  }
  get pathname(): string {
    return this.parts.pathname;
  }
  get search(): string {
    const q = this.parts.query;
    return q ? `?${q}` : "";
  }
  get hash(): string {
    const f = this.parts.fragment;
    return f ? `#${f}` : "";
  }
  get href(): string {
    const p = this.parts;
    const userinfo = p.username || p.password ? `${p.username}${p.password ? `:${p.password}` : ""}@` : "";
    const authority = p.opaque || (!(p.protocol in specialPorts) && p.hostname === "" && !userinfo) ? "" : `//${userinfo}${this.host}`;
    const query = p.query === null ? "" : `?${p.query}`;
    const fragment = p.fragment === null ? "" : `#${p.fragment}`;
    return `${p.protocol}${authority}${p.pathname}${query}${fragment}`;
  }
  toString(): string {
    return this.href;
  }
  toJSON(): string {
    return this.href;
  }
}

/** application/x-www-form-urlencoded's byte serializer: only alphanumerics and *-._ stay, a space is "+". */
function formEncode(s: string): string {
  let out = "";
  for (const ch of s) {
    if (/^[A-Za-z0-9*\-._]$/.test(ch)) out += ch;
    else if (ch === " ") out += "+";
    else if (ch.charCodeAt(0) < 0x80) out += `%${ch.charCodeAt(0).toString(16).toUpperCase().padStart(2, "0")}`;
    else out += utf8Escape(ch);
  }
  return out;
}

/** UTF-8 bytes as text, each invalid sequence one U+FFFD, as the standard's decoder (TextDecoder is not in every engine either). */
function utf8Decode(bytes: number[]): string {
  let out = "";
  for (let i = 0; i < bytes.length; ) {
    const b = bytes[i]!;
    const need = b < 0x80 ? 0 : b >= 0xc2 && b <= 0xdf ? 1 : b >= 0xe0 && b <= 0xef ? 2 : b >= 0xf0 && b <= 0xf4 ? 3 : -1;
    if (need < 0) {
      out += "\ufffd";
      i++;
      continue;
    }
    let cp = need === 0 ? b : b & (0x3f >> need);
    let j = 1;
    for (; j <= need; j++) {
      const next = bytes[i + j];
      // The second byte's range depends on the first: no overlong forms, surrogates or code points past U+10FFFF.
      const lo = j === 1 && b === 0xe0 ? 0xa0 : j === 1 && b === 0xf0 ? 0x90 : 0x80;
      const hi = j === 1 && b === 0xed ? 0x9f : j === 1 && b === 0xf4 ? 0x8f : 0xbf;
      if (next === undefined || next < lo || next > hi) break;
      cp = (cp << 6) | (next & 0x3f);
    }
    if (j <= need) {
      out += "\ufffd";
      i += j;
      continue;
    }
    out += String.fromCodePoint(cp);
    i += need + 1;
  }
  return out;
}

/** application/x-www-form-urlencoded's parser: "+" is a space, escapes are bytes, a "%" without two hex digits stays. */
function formDecode(s: string): string {
  const plus = s.replace(/\+/g, " ");
  if (!plus.includes("%")) return plus;
  return plus.replace(/(%[0-9a-fA-F]{2})+/g, (run) => utf8Decode(run.slice(1).split("%").map((h) => parseInt(h, 16))));
}

const onChange = new WeakMap<ServerURLSearchParams, (query: string) => void>();

function bindSearch(params: ServerURLSearchParams, update: (query: string) => void): void {
  onChange.set(params, update);
}

type Init = string | Record<string, string> | Iterable<readonly [string, string]> | ServerURLSearchParams;

export class ServerURLSearchParams {
  private list: [string, string][] = [];

  constructor(init: Init = "") {
    if (typeof init === "string") {
      for (const pair of init.replace(/^\?/, "").split("&")) {
        if (pair === "") continue;
        const eq = pair.indexOf("=");
        this.list.push(eq < 0 ? [formDecode(pair), ""] : [formDecode(pair.slice(0, eq)), formDecode(pair.slice(eq + 1))]);
      }
    } else if (init instanceof ServerURLSearchParams || Symbol.iterator in Object(init)) {
      for (const [k, v] of init as Iterable<readonly [string, string]>) this.list.push([String(k), String(v)]);
    } else {
      for (const [k, v] of Object.entries(init)) this.list.push([k, String(v)]);
    }
  }

  private changed(): void {
    onChange.get(this)?.(this.toString());
  }

  get size(): number {
    return this.list.length;
  }
  append(name: string, value: string): void {
    this.list.push([String(name), String(value)]);
    this.changed();
  }
  delete(name: string, value?: string): void {
    this.list = this.list.filter(([k, v]) => k !== name || (value !== undefined && v !== String(value)));
    this.changed();
  }
  get(name: string): string | null {
    return this.list.find(([k]) => k === name)?.[1] ?? null;
  }
  getAll(name: string): string[] {
    return this.list.filter(([k]) => k === name).map(([, v]) => v);
  }
  has(name: string, value?: string): boolean {
    return this.list.some(([k, v]) => k === name && (value === undefined || v === String(value)));
  }
  set(name: string, value: string): void {
    const first = this.list.findIndex(([k]) => k === name);
    if (first < 0) {
      this.list.push([String(name), String(value)]);
    } else {
      this.list[first] = [String(name), String(value)];
      this.list = this.list.filter(([k], i) => k !== name || i === first);
    }
    this.changed();
  }
  sort(): void {
    // Stable, by UTF-16 code units, as the standard says.
    this.list = this.list.map((e, i) => [e, i] as const).sort(([a, i], [b, j]) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : i - j)).map(([e]) => e);
    this.changed();
  }
  forEach(fn: (value: string, key: string, parent: ServerURLSearchParams) => void): void {
    for (const [k, v] of [...this.list]) fn(v, k, this);
  }
  keys(): IterableIterator<string> {
    return this.list.map(([k]) => k)[Symbol.iterator]();
  }
  values(): IterableIterator<string> {
    return this.list.map(([, v]) => v)[Symbol.iterator]();
  }
  entries(): IterableIterator<[string, string]> {
    return this.list.map(([k, v]) => [k, v] as [string, string])[Symbol.iterator]();
  }
  [Symbol.iterator](): IterableIterator<[string, string]> {
    return this.entries();
  }
  toString(): string {
    return this.list.map(([k, v]) => `${formEncode(k)}=${formEncode(v)}`).join("&");
  }
}
