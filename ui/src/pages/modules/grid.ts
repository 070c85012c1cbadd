import type { Module } from "../../lib/api/types";

const clamp = (n: number, min: number, max: number, fallback: number): number =>
  Number.isInteger(n) && n >= min ? Math.min(n, max) : fallback;

/** Most rows a module may span; taller spans only leave holes in the grid. */
export const maxRowSpan = 4;

/**
 * The grid classes of a module: its width in each device class (of 12
 * columns; a bad value takes the full width) and its row span.
 */
export function gridClasses(module: Pick<Module, "col" | "span">): string[] {
  const classes = [
    `modules__item--sm-${clamp(module.col.sm, 1, 12, 12)}`,
    `modules__item--md-${clamp(module.col.md, 1, 12, 12)}`,
    `modules__item--lg-${clamp(module.col.lg, 1, 12, 12)}`,
  ];
  const rows = clamp(module.span, 1, maxRowSpan, 1);
  if (rows > 1) classes.push(`modules__item--rows-${rows}`);
  return classes;
}
