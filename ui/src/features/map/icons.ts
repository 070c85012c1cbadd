import L, { type MarkerClusterGroupOptions } from "leaflet";

/** Pin size in CSS pixels; the anchor is the tip, bottom centre. */
export const pinSize: [number, number] = [30, 40];
/** Size of the ring drawn for an approximate point; anchored at its centre. */
export const areaSize: [number, number] = [36, 36];

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * The inner HTML of a listing's marker. Leaflet makes the icon's element the
 * focusable role=button, so the visually hidden text is its accessible name.
 */
export function markerHtml(label: string, approximate: boolean): string {
  const shape = approximate
    ? '<svg class="results-map__shape" viewBox="0 0 36 36" width="36" height="36" aria-hidden="true" focusable="false">' +
      '<circle cx="18" cy="18" r="15" stroke-dasharray="4 3"/><circle cx="18" cy="18" r="4"/></svg>'
    : '<svg class="results-map__shape" viewBox="0 0 30 40" width="30" height="40" aria-hidden="true" focusable="false">' +
      '<path d="M15 1C7.3 1 1 7.2 1 14.9 1 25.3 15 39 15 39s14-13.7 14-24.1C29 7.2 22.7 1 15 1z"/>' +
      '<circle cx="15" cy="15" r="5.5"/></svg>';
  return `${shape}<span class="visually-hidden">${escapeHtml(label)}</span>`;
}

/** A listing's marker icon: a pin on the exact point, a dashed ring on an approximate one. */
export function markerIcon(label: string, approximate: boolean): L.DivIcon {
  const size = approximate ? areaSize : pinSize;
  return L.divIcon({
    html: markerHtml(label, approximate),
    className: `results-map__marker${approximate ? " results-map__marker--approximate" : ""}`,
    iconSize: size,
    iconAnchor: approximate ? [size[0] / 2, size[1] / 2] : [size[0] / 2, size[1]],
    popupAnchor: approximate ? [0, -size[1] / 2] : [0, -size[1] + 4],
  });
}

/** The inner HTML of a cluster: the count shown, a sentence for screen readers. */
export function clusterHtml(count: number, label: string): string {
  return `<span aria-hidden="true">${count}</span><span class="visually-hidden">${escapeHtml(label)}</span>`;
}

/** Cluster sizes in pixels by how many listings they hold. */
export function clusterSize(count: number): number {
  if (count < 10) return 36;
  if (count < 50) return 44;
  return 52;
}

/**
 * Options of the cluster layer. Clustering starts only where pins would
 * overlap (radius 50 px) and stops at street level, where the remaining
 * overlaps are spiderfied instead.
 */
export function clusterOptions(label: (count: number) => string): MarkerClusterGroupOptions {
  return {
    maxClusterRadius: 50,
    disableClusteringAtZoom: 17,
    spiderfyOnMaxZoom: true,
    showCoverageOnHover: false,
    zoomToBoundsOnClick: true,
    // The clusters' own fade and zoom animations are off for visitors who asked for less motion.
    animate: !prefersReducedMotion(),
    iconCreateFunction: (cluster) => {
      const count = cluster.getChildCount();
      const size = clusterSize(count);
      return L.divIcon({
        html: clusterHtml(count, label(count)),
        className: "results-map__cluster",
        iconSize: [size, size],
      });
    },
  };
}

function prefersReducedMotion(): boolean {
  return typeof window !== "undefined" && typeof window.matchMedia === "function"
    ? window.matchMedia("(prefers-reduced-motion: reduce)").matches
    : false;
}
