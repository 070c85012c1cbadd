import type { Condition } from "../api/types";

// The spec's conditional display rule. Its error catalogue says a failed
// evaluation is false, so every branch that cannot decide answers false
// instead of throwing or guessing.

const MISSING = Symbol("missing");

/** Reads a dotted path ("counts.rent", "content.modules.0.title") through own properties only. */
function resolvePath(data: unknown, path: string): unknown {
  let current: unknown = data;
  for (const key of path.split(".")) {
    if (current === null || typeof current !== "object" || !Object.hasOwn(current, key)) return MISSING;
    current = (current as Record<string, unknown>)[key];
  }
  return current === undefined ? MISSING : current;
}

function asNumber(value: unknown): number | null {
  if (typeof value === "number") return Number.isFinite(value) ? value : null;
  if (typeof value === "string" && value.trim() !== "") {
    const n = Number(value);
    return Number.isFinite(n) ? n : null;
  }
  return null;
}

type Primitive = string | number | boolean | null;

function isPrimitive(value: unknown): value is Primitive {
  return value === null || ["string", "number", "boolean"].includes(typeof value);
}

/** Strict equality, except that a number equals its numeric string ("3" == 3). */
function looseEquals(a: Primitive, b: Primitive): boolean {
  if (a === b) return true;
  const mixed = (typeof a === "number" && typeof b === "string") || (typeof a === "string" && typeof b === "number");
  if (!mixed) return false;
  const x = asNumber(a);
  const y = asNumber(b);
  return x !== null && y !== null && x === y;
}

function isEmpty(value: unknown): boolean {
  if (value === null) return true;
  if (typeof value === "string") return value.trim() === "";
  if (Array.isArray(value)) return value.length === 0;
  if (typeof value === "object") return Object.keys(value).length === 0;
  return false;
}

function contains(haystack: unknown, needle: unknown): boolean {
  if (typeof haystack === "string") {
    return (typeof needle === "string" || typeof needle === "number") && haystack.includes(String(needle));
  }
  if (Array.isArray(haystack)) {
    return isPrimitive(needle) && haystack.some((item) => isPrimitive(item) && looseEquals(item, needle));
  }
  return false;
}

function compare(logic: string, value: unknown, other: unknown): boolean {
  switch (logic) {
    case "equals":
      return isPrimitive(value) && isPrimitive(other) && looseEquals(value, other);
    case "notEquals":
      return isPrimitive(value) && isPrimitive(other) && !looseEquals(value, other);
    case "greaterThan":
      return typeof value === "number" && typeof other === "number" && value > other;
    case "lessThan":
      return typeof value === "number" && typeof other === "number" && value < other;
    case "contains":
      return contains(value, other);
    default:
      return false;
  }
}

function evaluateRule(cond: Condition, data: unknown): boolean {
  const value = resolvePath(data, cond.field);
  if (value === MISSING) return false;
  switch (cond.logic) {
    case "empty":
      return isEmpty(value);
    case "notEmpty":
      return !isEmpty(value);
  }
  let other: unknown = cond.compareWithValue;
  if (typeof cond.compareWithField === "string" && cond.compareWithField !== "") {
    other = resolvePath(data, cond.compareWithField);
    if (other === MISSING) return false;
  }
  return compare(cond.logic, value, other);
}

function evaluateAdvanced(advanced: NonNullable<Condition["advancedCondition"]>, data: unknown): boolean {
  const { all, any } = advanced;
  if (all !== undefined && !(Array.isArray(all) && all.every((c) => evaluate(c, data)))) return false;
  if (any !== undefined && !(Array.isArray(any) && any.some((c) => evaluate(c, data)))) return false;
  return true;
}

function evaluate(cond: Condition | null, data: unknown): boolean {
  if (cond === null) return true;
  if (typeof cond !== "object") return false;
  const hasField = typeof cond.field === "string" && cond.field !== "";
  const advanced = cond.advancedCondition ?? null;
  if (!hasField) return advanced !== null && evaluateAdvanced(advanced, data);
  if (!evaluateRule(cond, data)) return false;
  return advanced === null || evaluateAdvanced(advanced, data);
}

/**
 * Whether something carrying `cond` is shown for `data` (the PageData).
 * null shows it; a rule with an empty field but an advancedCondition is decided
 * by the advanced rules alone; the advanced rules are ANDed with the main rule.
 */
export function evaluateCondition(cond: Condition | null, data: unknown): boolean {
  try {
    return evaluate(cond, data);
  } catch {
    return false;
  }
}
