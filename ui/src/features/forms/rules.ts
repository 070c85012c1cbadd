import { limits, looksLikeTown, postcode, type FieldSpec, type MessageKey } from "./spec";

// The meaning of leads/forms.json's rules, as its $comment states them and
// the server applies them (leads/validate.go): the same order of checks and
// the same message keys, so the browser says what the server would.

export interface Failure {
  key: MessageKey;
  params?: Record<string, string | number>;
}

/**
 * An address as the server's net/mail reads it (RFC 5322, without a name or comments): a dot-atom before the @ and,
 * after it, a dot-atom with a dot in it or a bracketed literal. Atom characters are the printable ones but for
 * ()<>[]:;@\,." and space; letters beyond ASCII count too.
 */
const atom = "[^\\s\\x00-\\x1f\\x7f()<>\\[\\]:;@\\\\,.\"]+";
const emailPattern = new RegExp(`^${atom}(?:\\.${atom})*@(?:${atom}(?:\\.${atom})+|\\[[!-Z^-~]*\\.[!-Z^-~]*\\])$`, "u");
const phoneChars = /^\+?[0-9 ./()-]+$/;
const datePattern = /^(\d{4})-(\d{2})-(\d{2})$/;
const numberPattern = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:e[+-]?\d+)?$/i;
/** Longest entry of a list (a postcode, a type id). */
const itemLimit = 100;

export const isEmail = (v: string) => v.length <= 254 && emailPattern.test(v);

/** 8 to 15 digits, written with spaces, dots, slashes, hyphens or parentheses, and a + in front. */
export function isPhone(v: string): boolean {
  if (!phoneChars.test(v)) return false;
  const digits = v.replace(/\D/g, "").length;
  return digits >= 8 && digits <= 15;
}

/** A Belgian (1000–9999) or Luxembourg (L-1000–L-9999) postcode, as leads/forms.json defines it. */
export const isZip = (v: string) => postcode(v) !== null;

/**
 * Town names compare as the server compares them: whatever the case, accents, hyphens or apostrophes.
 * The collator is made at the first comparison, not when the module loads: forms are rendered on the
 * server, which has no Intl, and towns are only compared when a visitor's entry is checked, in the browser.
 */
let townNames: Intl.Collator | undefined;
export const sameTown = (a: string, b: string) =>
  (townNames ??= new Intl.Collator(undefined, { sensitivity: "base", ignorePunctuation: true })).compare(a.trim(), b.trim()) === 0;

/**
 * An entry of a list of postcodes: a postcode, or a town name. `unknown`
 * are the names the towns index was asked about and does not have; any
 * other name passes here, for the server to look up (it knows every town).
 */
function checkPlace(item: string, unknown?: readonly string[]): Failure | null {
  if (postcode(item) !== null) return null;
  if (!looksLikeTown(item)) return { key: "zip" };
  if (unknown?.some((t) => sameTown(t, item))) return { key: "unknownTown", params: { town: item } };
  return null;
}

export function isUrl(v: string): boolean {
  if (!/^https?:\/\//i.test(v) || /\s/.test(v)) return false;
  try {
    return new URL(v).hostname !== "";
  } catch {
    return false;
  }
}

/** YYYY-MM-DD naming a day that exists (no 31 April, 29 February only in leap years). */
export function isDate(v: string): boolean {
  const m = datePattern.exec(v);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

const runes = (s: string) => [...s].length;
/** A number as typed: a decimal comma counts as a point. */
const numeric = (s: string) => s.replace(",", ".");

const text = (v: unknown): string => (typeof v === "string" ? v.trim() : typeof v === "number" ? String(v) : "");
const items = (v: unknown): string[] => (Array.isArray(v) ? v.map(text).filter((s) => s !== "") : []);

/**
 * A search area: 3 to 100 [lat, lng] points around Belgium and Luxembourg,
 * where the agency's listings are (the server's box in leads/validate.go).
 */
export const areaRules = { minPoints: 3, maxPoints: 100, south: 49, north: 52, west: 2, east: 7 } as const;

export type AreaPoint = [number, number];

const isPoint = (p: unknown): p is AreaPoint =>
  Array.isArray(p) &&
  p.length === 2 &&
  typeof p[0] === "number" &&
  typeof p[1] === "number" &&
  p[0] >= areaRules.south &&
  p[0] <= areaRules.north &&
  p[1] >= areaRules.west &&
  p[1] <= areaRules.east;

/** Whether v is a polygon the server takes. */
export function isArea(v: unknown): v is AreaPoint[] {
  return Array.isArray(v) && v.length >= areaRules.minPoints && v.length <= areaRules.maxPoints && v.every(isPoint);
}

/** Whether a value counts as not given (and so is left out unless required). */
export function isEmpty(field: FieldSpec, v: unknown): boolean {
  switch (field.type) {
    case "checkbox":
      return v !== true;
    case "area":
      return v === null || v === undefined || v === "" || (Array.isArray(v) && v.length === 0);
    case "multi":
    case "list":
      return items(v).length === 0;
    default:
      return text(v) === "";
  }
}

/**
 * Checks one value. `choices` are the allowed values a spec cannot list
 * (property types, visit slots): given, they are enforced. For a list of
 * postcodes they are the town names the towns index does not have.
 */
export function check(field: FieldSpec, v: unknown, choices?: readonly string[]): Failure | null {
  if (isEmpty(field, v)) {
    if (!field.required) return null;
    if (field.type === "checkbox") return { key: "accept" };
    if (field.type === "multi" || field.type === "list") return { key: "requiredOne" };
    return { key: "required" };
  }
  if (field.type === "checkbox") return null;
  if (field.type === "area") return isArea(v) ? null : { key: "area" };
  if (field.type === "multi" || field.type === "list") {
    if (Array.isArray(v) && v.length > limits.list) return { key: "tooLong" };
    const list = items(v);
    if (list.some((i) => runes(i) > itemLimit)) return { key: "tooLong" };
    if (field.items === "postcode") {
      for (const item of list) {
        const failure = checkPlace(item, choices);
        if (failure) return failure;
      }
      return null;
    }
    const allowed = field.options ?? choices;
    return field.type === "list" || !allowed || list.every((i) => allowed.includes(i)) ? null : { key: "option" };
  }
  const s = text(v);
  if (field.type === "number") {
    const n = Number(numeric(s));
    // Beyond a float's range is no number, as the server's strconv.ParseFloat says.
    if (!numberPattern.test(numeric(s)) || !Number.isFinite(n)) return { key: "number" };
    if (field.min !== undefined && n < field.min) return { key: "min", params: { min: field.min } };
    if (field.max !== undefined && n > field.max) return { key: "max", params: { max: field.max } };
    return null;
  }
  if (field.type === "property" || field.type === "project" || field.type === "slot") {
    if (!/^[1-9]\d*$/.test(s) && field.type !== "slot") {
      return { key: field.type === "property" ? "unknownProperty" : "unknownProject" };
    }
    return field.type === "slot" && choices && !choices.includes(s) ? { key: "slot" } : null;
  }
  const limit = field.type === "textarea" ? limits.textarea : (field.max ?? limits.text);
  if (runes(s) > limit) return { key: "tooLong" };
  switch (field.type) {
    case "email":
      return isEmail(s) ? null : { key: "email" };
    case "phone":
      return isPhone(s) ? null : { key: "phone" };
    case "zip":
      return isZip(s) ? null : { key: "zip" };
    case "url":
      return isUrl(s) ? null : { key: "url" };
    case "date":
      return isDate(s) ? null : { key: "date" };
    case "select":
      return field.options?.includes(s) ? null : { key: "option" };
    case "password":
      return field.min !== undefined && runes(s) < field.min ? { key: "minLength", params: { min: field.min } } : null;
    default:
      return null;
  }
}

/** The value as the API takes it: trimmed strings, numbers, arrays, booleans; undefined when left out. */
export function normalize(field: FieldSpec, v: unknown): unknown {
  switch (field.type) {
    case "checkbox":
      return v === true;
    case "multi":
    case "list":
      return [...new Set(items(v).map((i) => (field.items === "postcode" ? (postcode(i) ?? i) : i)))];
    case "zip":
      return postcode(text(v)) ?? text(v);
    case "area":
      // Left out rather than [] when none: the server counts any given value as filled for 'unless'.
      return isArea(v) ? v.map(([lat, lng]) => [lat, lng]) : undefined;
    case "number":
    case "property":
    case "project":
      return text(v) === "" ? undefined : Number(numeric(text(v)));
    case "textarea":
      return typeof v === "string" ? v.trim() : "";
    default:
      return text(v);
  }
}
