/** A box on screen, in pixels. */
export interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** Where a town's name goes beside its dot, or nowhere when both sides are taken. */
export type LabelSide = "right" | "left" | "none";

export interface LabelInput {
  /** The town's dot. */
  dot: Box;
  /** The name's size. */
  width: number;
  height: number;
}

/** The space between a dot and its name. */
export const labelGap = 4;

function overlaps(a: Box, b: Box): boolean {
  return a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
}

/** The box of a name on one side of its dot, centred on it. */
export function labelBox({ dot, width, height }: LabelInput, side: "right" | "left"): Box {
  const middle = (dot.top + dot.bottom) / 2;
  const left = side === "right" ? dot.right + labelGap : dot.left - labelGap - width;
  return { left, top: middle - height / 2, right: left + width, bottom: middle + height / 2 };
}

/**
 * Places the towns' names, the first (most listings) first: each on the right of its dot, else on the left, where it
 * covers no other name, no other town's dot and no obstacle (the markers and clusters, drawn above the names), else
 * not at all. Leaflet places no labels itself: its tooltips and icons overlap freely.
 */
export function placeLabels(labels: readonly LabelInput[], obstacles: readonly Box[]): LabelSide[] {
  const taken: Box[] = [...obstacles];
  return labels.map((label, i) => {
    const dots = labels.filter((_, j) => j !== i).map((l) => l.dot);
    for (const side of ["right", "left"] as const) {
      const box = labelBox(label, side);
      if (taken.some((b) => overlaps(b, box)) || dots.some((d) => overlaps(d, box))) continue;
      taken.push(box);
      return side;
    }
    return "none";
  });
}
