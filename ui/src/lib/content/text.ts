import type { Lang, Text } from "../api/types";

/**
 * Resolves translatable config content for one language. Config written by
 * hand sometimes keys languages in upper case ("NL"), so that key is the
 * fallback; a text missing in the language renders nothing rather than
 * another language's words.
 */
export function pickText(text: Text | null | undefined, lang: Lang): string {
  if (!text) return "";
  return text[lang] ?? text[lang.toUpperCase()] ?? "";
}

/** Fills the {{name}} variables config texts use (e.g. the footer's copyright line). */
export function fillText(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, key: string) =>
    Object.hasOwn(values, key) ? String(values[key]) : whole,
  );
}
