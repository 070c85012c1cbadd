import { render, screen } from "@testing-library/react";
import i18next from "i18next";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import fr from "../../locales/fr/search.json";
import nl from "../../locales/nl/search.json";
import { cardPicture } from "../../lib/photo/pictures";
import { optimizedPhoto } from "../../lib/photo/testSupport";
import type { PropertyHit } from "./hit";
import { PropertyCard } from "./PropertyCard";

const hit: PropertyHit = {
  objectID: "4030",
  id: 4030,
  goal: "sale",
  type: "Woning",
  typeId: 82,
  city: "Chassepierre",
  zip: "6824",
  region: "wallonia",
  price: 289000,
  priceText: "€ 289.000",
  bedrooms: 3,
  bathrooms: 1,
  surfaceLiving: 155,
  epcLabel: "a_plus",
  status: "available",
  marquee: 1,
  badge: "new",
  url: "/nl/te-koop/chassepierre/woning/4030/",
  thumbnail: { url: "/demo/photos/4030/1/280.jpg", width: 280, height: 187 },
  description: "",
  __position: 1,
};

function renderCard(lang: "nl" | "fr", props: Partial<Parameters<typeof PropertyCard>[0]> = {}) {
  const i18n = i18next.createInstance();
  void i18n.use(initReactI18next).init({
    lng: lang,
    resources: { nl: { search: nl }, fr: { search: fr } },
    ns: ["search"],
    defaultNS: "search",
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  return render(
    <I18nextProvider i18n={i18n}>
      <MemoryRouter>
        <PropertyCard hit={hit} load="lazy" {...props} />
      </MemoryRouter>
    </I18nextProvider>,
  );
}

describe("PropertyCard", () => {
  it("links the heading to the detail and shows type, town, price and figures", () => {
    renderCard("nl");
    const link = screen.getByRole("link");
    expect(link.getAttribute("href")).toBe(hit.url);
    expect(screen.getByRole("heading", { level: 3 }).textContent).toBe("Woning 6824 Chassepierre");
    expect(screen.getByText("€ 289.000")).toBeTruthy();
    expect(screen.getAllByRole("listitem").map((li) => li.textContent)).toEqual(["3 slaapkamers", "1 badkamer", "155 m² bewoonbaar"]);
    expect(screen.getByText("Nieuw")).toBeTruthy();
    // A Walloon listing: its certificate is an EPB in Dutch.
    expect(screen.getByText("EPB A+")).toBeTruthy();
    expect(screen.getByText("Ref: 4030")).toBeTruthy();
  });

  it.each([
    ["nl", "flanders", "EPC A+"],
    ["nl", "brussels", "EPB A+"],
    ["nl", "wallonia", "EPB A+"],
    ["nl", "luxembourg", "Energiepas A+"],
    ["nl", "other", "Energielabel A+"],
    ["fr", "flanders", "PEB A+"],
    ["fr", "wallonia", "PEB A+"],
    ["fr", "luxembourg", "Passeport énergétique A+"],
  ] as const)("names the energy label in %s as the %s region does: %s", (lang, region, text) => {
    const { container } = renderCard(lang, { hit: { ...hit, region } });
    expect(container.querySelector(".property-card__epc")?.textContent).toBe(text);
  });

  it("reserves the image's box, loads it lazily unless in the first row and asks for priority only first", () => {
    const { container, unmount } = renderCard("fr");
    const img = container.querySelector("img")!;
    expect(img.getAttribute("width")).toBe("280");
    expect(img.getAttribute("height")).toBe("187");
    expect(img.getAttribute("loading")).toBe("lazy");
    expect(img.getAttribute("srcset")).toContain("/demo/photos/4030/1/1600.jpg 1600w");
    expect(screen.getByText("PEB A+")).toBeTruthy();
    unmount();
    const eager = renderCard("fr", { load: "eager" });
    expect(eager.container.querySelector("img")!.getAttribute("loading")).toBe("eager");
    expect(eager.container.querySelector("img")!.getAttribute("fetchpriority")).toBeNull();
    eager.unmount();
    const first = renderCard("fr", { load: "first" });
    expect(first.container.querySelector("img")!.getAttribute("loading")).toBe("eager");
    expect(first.container.querySelector("img")!.getAttribute("fetchpriority")).toBe("high");
  });

  it("shows an optimized photo as a <picture>: avif, then webp, then the jpg <img> with the card's class and loading", () => {
    const optimized = optimizedPhoto("3fa9");
    const { container } = renderCard("nl", { hit: { ...hit, thumbnail: { ...hit.thumbnail!, optimized } }, load: "first" });
    const sources = [...container.querySelectorAll(".property-card__media picture > source")];
    expect(sources.map((s) => s.getAttribute("type"))).toEqual(["image/avif", "image/webp"]);
    expect(sources[0]!.getAttribute("srcset")).toBe(cardPicture(optimized)!.sources[0]!.srcSet);
    expect(sources[0]!.getAttribute("sizes")).toBe("(max-width: 766px) 100vw, (max-width: 1279px) 50vw, 400px");
    const img = container.querySelector("picture > img.card__image.property-card__image")!;
    expect(img.getAttribute("src")).toBe("/img/3f/3fa9/400.jpg");
    expect(img.getAttribute("srcset")).toContain("/img/3f/3fa9/1600.jpg 1600w");
    expect(img.getAttribute("width")).toBe("1600");
    expect(img.getAttribute("height")).toBe("1067");
    expect(img.getAttribute("loading")).toBe("eager");
    expect(img.getAttribute("fetchpriority")).toBe("high");
  });

  // The server tells the badge: the marquee code, the agency's own, means nothing to the card.
  it.each([
    ["rented", { goal: "rent", status: "rented", badge: "rented" }, "Verhuurd"],
    ["sold", { status: "sold", badge: "sold" }, "Verkocht"],
    ["priceDrop", { marquee: 2, badge: "priceDrop" }, "Prijsdaling"],
  ] as const)("shows the server's %s badge", (badge, change, text) => {
    const { container } = renderCard("nl", { hit: { ...hit, ...change } });
    const shown = container.querySelectorAll(".property-card__badge");
    expect([...shown].map((b) => [b.className, b.textContent])).toEqual([[`property-card__badge property-card__badge--${badge}`, text]]);
  });

  it("shows no badge without one from the server, whatever the marquee", () => {
    const { container } = renderCard("nl", { hit: { ...hit, badge: undefined } });
    expect(container.querySelector(".property-card__badge")).toBeNull();
    expect(screen.queryByText("Nieuw")).toBeNull();
  });
  it("shows a rental's monthly charges after the rent, in the page's language", () => {
    const rental: PropertyHit = { ...hit, goal: "rent", price: 850, priceText: "€ 850 per maand", charges: 75 };
    const { container, unmount } = renderCard("nl", { hit: rental });
    expect(container.querySelector(".property-card__price")?.textContent).toBe("€ 850 per maand + € 75 kosten per maand");
    unmount();
    const fr = renderCard("fr", { hit: { ...rental, priceText: "850\u00a0€ par mois" } });
    expect(fr.container.querySelector(".property-card__charges")?.textContent).toBe("+ 75\u00a0€ de charges par mois");
  });

  it("shows no charges for a sale or a rental without any", () => {
    const { container } = renderCard("nl", { hit: { ...hit, charges: 75 } });
    expect(container.querySelector(".property-card__charges")).toBeNull();
    const rent = renderCard("nl", { hit: { ...hit, goal: "rent" } });
    expect(rent.container.querySelector(".property-card__charges")).toBeNull();
  });
});
