import { render, screen } from "@testing-library/react";
import i18next from "i18next";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { describe, expect, it, vi } from "vitest";
import { SiteContext } from "../../app/context";
import { testSite } from "../../app/testing";
import fr from "../../locales/fr/map.json";
import nl from "../../locales/nl/map.json";
import type { DetailMapCanvasProps } from "./DetailMapCanvas";
import { DetailMap } from "./DetailMap";

// Leaflet needs a laid-out page (e2e/trail.test.mjs draws it); here the lazy part records what it is given.
const canvas = vi.hoisted(() => ({ props: null as DetailMapCanvasProps | null }));
vi.mock("./DetailMapCanvas", () => ({
  default: (props: DetailMapCanvasProps) => {
    canvas.props = props;
    return <div data-testid="canvas" />;
  },
}));

function renderMap(geo: Parameters<typeof DetailMap>[0]["geo"], lang = "nl") {
  const i18n = i18next.createInstance();
  void i18n.use(initReactI18next).init({
    lng: lang,
    resources: { nl: { map: nl }, fr: { map: fr } },
    ns: ["map"],
    defaultNS: "map",
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  const site = testSite({ map: { tileUrl: "/tiles/{z}/{x}/{y}.png", attribution: "© tiles" } });
  return render(
    <I18nextProvider i18n={i18n}>
      <SiteContext.Provider value={site}>
        <DetailMap geo={geo} title="Woning in Chassepierre" />
      </SiteContext.Provider>
    </I18nextProvider>,
  );
}

describe("DetailMap", () => {
  it("renders nothing without a position", () => {
    const { container } = renderMap(null);
    expect(container.innerHTML).toBe("");
  });

  it("names the map, reserves its frame and hands the point and the site's tiles to the lazy part", async () => {
    renderMap({ lat: 49.7, lng: 5.26, approximate: false });
    const region = screen.getByRole("region", { name: "Kaart: ligging van Woning in Chassepierre" });
    expect(region.classList.contains("detail-map__frame")).toBe(true);
    expect(await screen.findByTestId("canvas")).toBeTruthy();
    expect(canvas.props).toEqual({
      geo: { lat: 49.7, lng: 5.26, approximate: false },
      title: "Woning in Chassepierre",
      tileUrl: "/tiles/{z}/{x}/{y}.png",
      attribution: "© tiles",
    });
    expect(screen.queryByText("Ligging bij benadering")).toBeNull();
    expect(region.getAttribute("aria-describedby")).toBeTruthy();
  });

  it.each([
    ["nl", "Ligging bij benadering"],
    ["fr", "Localisation approximative"],
  ])("captions an approximate position in %s and ties the caption to the map", async (lang, caption) => {
    renderMap({ lat: 49.7, lng: 5.27, approximate: true }, lang);
    const text = screen.getByText(caption);
    const region = screen.getByRole("region");
    expect(region.getAttribute("aria-describedby")?.split(" ")).toContain(text.id);
    expect(await screen.findByTestId("canvas")).toBeTruthy();
    expect(canvas.props?.geo.approximate).toBe(true);
  });
});
