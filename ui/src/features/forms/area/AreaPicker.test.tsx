import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it, vi } from "vitest";
import { formsI18n } from "../testing";
import { I18nextProvider } from "react-i18next";
import { SiteContext } from "../../../app/context";
import { testSite } from "../../../app/testing";
import type { AreaMapCanvasProps } from "./AreaMapCanvas";
import { AreaPicker } from "./AreaPicker";
import type { AreaPoint } from "./geometry";
import type { Region } from "../../../lib/map/region";
import mapFr from "../../../locales/fr/map.json";
import mapNl from "../../../locales/nl/map.json";

// The agency's region comes from a search; here it is given, and null until a test sets it.
const region = vi.hoisted(() => ({ value: null as Region | null, enabled: [] as boolean[] }));
vi.mock("../../../lib/map/region", () => ({
  useRegion: (_lang: string, enabled: boolean) => {
    region.enabled.push(enabled);
    return enabled ? region.value : null;
  },
}));

// Leaflet needs a laid-out page; here the lazy part counts its loads and stands in for a drawing.
const canvas = vi.hoisted(() => ({ loads: 0, props: null as AreaMapCanvasProps | null }));
vi.mock("./AreaMapCanvas", () => {
  canvas.loads += 1;
  return {
    default: (props: AreaMapCanvasProps) => {
      canvas.props = props;
      return (
        <button
          type="button"
          onClick={() =>
            props.onChange([
              [50.1, 5.1],
              [50.2, 5.2],
              [50.3, 5.1],
              [50.25, 5.0],
              [50.15, 4.95],
              [50.05, 5.0],
            ])
          }
        >
          draw
        </button>
      );
    },
  };
});

function Harness({ initial = [] as AreaPoint[], onChange = (_: AreaPoint[]) => {} }) {
  const [value, setValue] = useState(initial);
  return (
    <AreaPicker
      id="area"
      label="Of teken de zone waarin u zoekt"
      value={value}
      onChange={(v) => {
        setValue(v);
        onChange(v);
      }}
    />
  );
}

function renderPicker(ui = <Harness />, lang = "nl") {
  const i18n = formsI18n(lang);
  i18n.addResourceBundle("nl", "map", mapNl);
  i18n.addResourceBundle("fr", "map", mapFr);
  return render(
    <I18nextProvider i18n={i18n}>
      <SiteContext.Provider value={testSite({ map: { tileUrl: "", attribution: "" } })}>{ui}</SiteContext.Provider>
    </I18nextProvider>,
  );
}

describe("AreaPicker", () => {
  it("loads the map's module only when opened, then reports the drawn area", async () => {
    const changes: AreaPoint[][] = [];
    renderPicker(<Harness onChange={(v) => changes.push(v)} />);
    const group = screen.getByRole("group", { name: "Of teken de zone waarin u zoekt" });
    expect(screen.getByText("Geen zone getekend").getAttribute("aria-live")).toBe("polite");
    // Let any stray dynamic import settle: none may have happened.
    await new Promise((r) => setTimeout(r, 20));
    expect(canvas.loads).toBe(0);
    expect(screen.queryByRole("region")).toBeNull();

    const user = userEvent.setup();
    const open = screen.getByRole("button", { name: "Teken een zone op de kaart" });
    await user.click(open);
    expect(open.getAttribute("aria-expanded")).toBe("true");
    expect(screen.getByRole("region", { name: "Kaart om de zoekzone te tekenen" })).toBeTruthy();
    await user.click(await screen.findByRole("button", { name: "draw" }));
    expect(canvas.loads).toBe(1);
    expect(canvas.props?.tileUrl).toBe("");
    expect(changes).toHaveLength(1);
    expect(screen.getByText("Zone met 6 punten")).toBeTruthy();
    expect(group.getAttribute("aria-describedby")).toContain("area-status");
    expect(screen.getByRole("button", { name: "Kaart verbergen" })).toBe(open);
  });

  it("clears the area without the map, keeping the focus on the picker", async () => {
    const changes: AreaPoint[][] = [];
    renderPicker(
      <Harness
        initial={[
          [50.1, 5.1],
          [50.2, 5.2],
          [50.3, 5.1],
        ]}
        onChange={(v) => changes.push(v)}
      />,
      "fr",
    );
    expect(screen.getByText("Zone de 3 points")).toBeTruthy();
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Effacer la zone" }));
    expect(changes).toEqual([[]]);
    expect(screen.getByText("Aucune zone dessinée")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Effacer la zone" })).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Dessiner une zone sur la carte" }));
  });

  it("warns, before the form is sent, that a drawn area holds none of the agency's towns", async () => {
    region.value = {
      bounds: { northEast: { lat: 50.03, lng: 5.37 }, southWest: { lat: 49.75, lng: 4.95 } },
      towns: [{ name: "Bouillon", zip: "6830", lat: 49.79, lng: 5.06, count: 1 }],
    };
    region.enabled = [];
    renderPicker();
    // Nothing is asked of the server before the picker is used.
    expect(region.enabled.every((e) => !e)).toBe(true);
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Teken een zone op de kaart" }));
    expect(canvas.props?.region).toEqual(region.value.bounds);
    expect(screen.queryByRole("alert")).toBeNull();
    await user.click(await screen.findByRole("button", { name: "draw" }));
    const warning = screen.getByRole("alert");
    expect(warning.textContent).toBe(mapNl.area.noTowns);
    expect(screen.getByRole("group").getAttribute("aria-describedby")).toContain(warning.id);
  });

  it("says nothing when the area holds one of the agency's towns", async () => {
    region.value = { bounds: null, towns: [{ name: "Rochefort", zip: "5580", lat: 50.2, lng: 5.1, count: 1 }] };
    renderPicker();
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Teken een zone op de kaart" }));
    await user.click(await screen.findByRole("button", { name: "draw" }));
    expect(screen.getByText("Zone met 6 punten")).toBeTruthy();
    expect(screen.queryByRole("alert")).toBeNull();
  });
});
