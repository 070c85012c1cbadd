// @vitest-environment jsdom
import L from "leaflet";
import { describe, expect, it } from "vitest";
import { areaSize, clusterHtml, clusterOptions, clusterSize, escapeHtml, markerHtml, markerIcon, pinSize } from "./icons";

describe("marker icons", () => {
  it("escape the label they carry", () => {
    expect(escapeHtml(`<b>"A" & 'B'</b>`)).toBe("&#60;b&#62;&#34;A&#34; &#38; &#39;B&#39;&#60;/b&#62;");
    expect(markerHtml("Villa <script>", false)).toContain('<span class="visually-hidden">Villa &#60;script&#62;</span>');
  });

  it("draw an inline SVG pin, or a dashed ring for an approximate point — no image file", () => {
    const pin = markerHtml("Woning in Chassepierre, € 289.000", false);
    expect(pin).toMatch(/^<svg [^>]*aria-hidden="true"/);
    expect(pin).toContain("<path");
    expect(pin).not.toMatch(/<img|\.png/);
    const ring = markerHtml("Woning in Muno", true);
    expect(ring).toContain("stroke-dasharray");
    expect(ring).not.toContain("<path");
  });

  it("anchor a pin at its tip and a ring at its centre", () => {
    const pin = markerIcon("x", false);
    expect(pin).toBeInstanceOf(L.DivIcon);
    expect(pin.options.iconSize).toEqual(pinSize);
    expect(pin.options.iconAnchor).toEqual([pinSize[0] / 2, pinSize[1]]);
    expect(pin.options.className).toBe("results-map__marker");
    const ring = markerIcon("x", true);
    expect(ring.options.iconAnchor).toEqual([areaSize[0] / 2, areaSize[1] / 2]);
    expect(ring.options.className).toBe("results-map__marker results-map__marker--approximate");
  });
});

describe("clusters", () => {
  it("show the count and name it for screen readers", () => {
    expect(clusterHtml(12, "12 panden hier")).toBe(
      '<span aria-hidden="true">12</span><span class="visually-hidden">12 panden hier</span>',
    );
  });

  it("grow with their count", () => {
    expect([2, 9, 10, 49, 50, 300].map(clusterSize)).toEqual([36, 36, 44, 44, 52, 52]);
  });

  it("cluster only overlapping pins and draw their own icon", () => {
    const options = clusterOptions((count) => `${count} biens ici`);
    expect(options).toMatchObject({
      maxClusterRadius: 50,
      disableClusteringAtZoom: 17,
      spiderfyOnMaxZoom: true,
      showCoverageOnHover: false,
      zoomToBoundsOnClick: true,
    });
    const icon = options.iconCreateFunction!({ getChildCount: () => 23 } as L.MarkerCluster) as L.DivIcon;
    expect(icon.options.html).toBe(clusterHtml(23, "23 biens ici"));
    expect(icon.options.iconSize).toEqual([44, 44]);
    expect(icon.options.className).toBe("results-map__cluster");
  });
});
