import i18next, { type TFunction } from "i18next";
import { describe, expect, it } from "vitest";
import type { PropertyDetail } from "../../lib/api/types";
import { propertyFr, propertyNl } from "../__fixtures__/pages";
import { formatters } from "./format";
import { fieldGroups } from "./groups";
import { propertyTexts } from "./testing";

function tFor(lang: string): TFunction<"property"> {
  const instance = i18next.createInstance();
  void instance.init({
    lng: lang,
    fallbackLng: false,
    resources: Object.fromEntries(Object.entries(propertyTexts).map(([l, texts]) => [l, { property: texts }])),
    ns: ["property"],
    defaultNS: "property",
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  return instance.getFixedT(lang, "property") as TFunction<"property">;
}

const full = propertyNl.property!;
const bare: PropertyDetail = { ...propertyFr.property!, priceText: "", surfaces: {}, layout: {} };

describe("fieldGroups", () => {
  it("leaves out every group of an unfilled listing", () => {
    expect(fieldGroups(bare, tFor("nl"), formatters("nl"))).toEqual([]);
  });

  it("hides 0, empty strings and missing fields, and a group without any", () => {
    const p: PropertyDetail = { ...bare, layout: { bedrooms: 0, extraRooms: "", toilets: 1 }, comfort: { kitchen: "" } };
    const groups = fieldGroups(p, tFor("nl"), formatters("nl"));
    expect(groups.map((g) => g.id)).toEqual(["layout"]);
    expect(groups[0]!.rows).toEqual([{ key: "toilets", label: "Toiletten", value: "1" }]);
  });

  it("keeps the comfort group for the equipment flags alone", () => {
    const groups = fieldGroups({ ...bare, features: ["lift"] }, tFor("fr"), formatters("fr"));
    expect(groups).toEqual([{ id: "comfort", title: "Confort et équipements", rows: [] }]);
  });

  it("words facades, judicial decisions and yes/no", () => {
    const t = tFor("fr");
    const rows = (p: Partial<PropertyDetail>) => fieldGroups({ ...bare, ...p }, t, formatters("fr")).flatMap((g) => g.rows.map((r) => r.value));
    expect(rows({ layout: { facades: 4 } })).toEqual(["Ouverte (4 façades)"]);
    expect(rows({ layout: { facades: 3 } })).toEqual(["Demi-ouverte (3 façades)"]);
    expect(rows({ layout: { facades: 2 } })).toEqual(["Fermée (2 façades)"]);
    expect(rows({ legal: { asbestosDate: "", judicialDecision: 0 } })).toEqual(["Aucune"]);
    expect(rows({ legal: { asbestosDate: "", judicialDecision: 1 } })).toEqual(["Oui"]);
    expect(rows({ legal: { asbestosDate: "", judicialDecision: 2 } })).toEqual(["En cours"]);
    expect(rows({ costs: { vatRegime: true } })).toEqual(["Oui"]);
    expect(rows({ legal: { asbestosDate: "3/5/2024", riparianZone: false } })).toEqual(["Non", "3/5/2024"]);
  });

  it("formats money, surfaces and widths for the page's language", () => {
    const value = (lang: string, key: string) =>
      fieldGroups(full, tFor(lang), formatters(lang))
        .flatMap((g) => g.rows)
        .find((r) => r.key === key)?.value;
    expect(value("nl", "surfaceGround")).toBe("1.250 m²");
    expect(value("fr", "surfaceGround")).toBe(`1${"\u202f"}250 m²`);
    expect(value("de", "frontWidth")).toBe("9,5 m");
    expect(value("en", "realEstateTax")).toBe("€1,250");
    expect(value("en", "constructionYear")).toBe("1985");
  });

  it("opens comfort with the condition and lists a flat's floor after the floors", () => {
    const groups = fieldGroups(
      { ...bare, layout: { floors: 5, floor: "2" }, comfort: { condition: "Gerenoveerd", kitchen: "Ingericht" } },
      tFor("nl"),
      formatters("nl"),
    );
    expect(groups.map((g) => [g.id, g.rows])).toEqual([
      [
        "layout",
        [
          { key: "floors", label: "Verdiepingen", value: "5" },
          { key: "floor", label: "Op verdieping", value: "2" },
        ],
      ],
      [
        "comfort",
        [
          { key: "condition", label: "Staat", value: "Gerenoveerd" },
          { key: "kitchen", label: "Keuken", value: "Ingericht" },
        ],
      ],
    ]);
  });

  it("says the construction once: the facades when counted, else the platform's word", () => {
    const rows = (layout: PropertyDetail["layout"]) =>
      fieldGroups({ ...bare, layout, comfort: { construction: "Open bebouwing" } }, tFor("nl"), formatters("nl")).flatMap((g) =>
        g.rows.map((r) => [r.label, r.value]),
      );
    expect(rows({ facades: 3 })).toEqual([["Bebouwing", "Halfopen bebouwing"]]);
    expect(rows({ bedrooms: 2 })).toEqual([
      ["Bebouwing", "Open bebouwing"],
      ["Slaapkamers", "2"],
    ]);
  });

  it("leaves out an empty condition, construction and floor", () => {
    const p: PropertyDetail = { ...bare, layout: { floor: "", toilets: 1 }, comfort: { condition: "", construction: "", kitchen: "Ingericht" } };
    const keys = fieldGroups(p, tFor("nl"), formatters("nl")).flatMap((g) => g.rows.map((r) => r.key));
    expect(keys).toEqual(["toilets", "kitchen"]);
  });

  it("labels the new rows in every language", () => {
    const labels = (lang: string) =>
      fieldGroups({ ...bare, layout: { floor: "2" }, comfort: { condition: "x", construction: "y" } }, tFor(lang), formatters(lang)).flatMap((g) =>
        g.rows.map((r) => r.label),
      );
    expect(labels("en")).toEqual(["Building type", "On floor", "Condition"]);
    expect(labels("fr")).toEqual(["Type de construction", "Situé à l'étage", "État"]);
    expect(labels("de")).toEqual(["Bauweise", "Im Stockwerk", "Zustand"]);
  });

  it("shows the life-annuity fields of a viager", () => {
    const groups = fieldGroups({ ...bare, viager: { bouquet: 50000, monthlyRent: 850, ages: "78, 81" } }, tFor("nl"), formatters("nl"));
    expect(groups).toEqual([
      {
        id: "viager",
        title: "Lijfrente",
        rows: [
          { key: "bouquet", label: "Boeket", value: "€ 50.000" },
          { key: "annuity", label: "Maandelijkse rente", value: "€ 850" },
          { key: "ages", label: "Leeftijd van de verkoper(s)", value: "78, 81" },
        ],
      },
    ]);
  });
  it("leaves out of the legal group what the legal mentions show, and keeps the rest", () => {
    const legal: PropertyDetail["legal"] = {
      planning: "Wg",
      permit: "Vg",
      allotmentPermit: "GVv",
      summons: "GDv",
      preemptiveRights: "GVkr",
      pScore: "A",
      gScore: "B",
      floodZone: "Niet overstromingsgevoelig",
      asbestosType: "Asbestattest: asbestveilig",
      asbestosDate: "12/3/2024",
      mobiscore: 7.5,
      registeredRight: "Erfdienstbaarheid",
      judicialDecision: 0,
      riparianZone: false,
    };
    const keys = (mentions: PropertyDetail["mentions"]) =>
      fieldGroups({ ...bare, legal, mentions }, tFor("nl"), formatters("nl"))
        .find((g) => g.id === "legal")
        ?.rows.map((r) => r.key);
    const flemish = ["planning", "permit", "subdivision", "summons", "preemption", "pScore", "gScore", "floodZone", "asbestos"];
    expect(keys({ region: "flanders", priceNote: "", rows: flemish.map((field) => ({ rule: "flanders.x", field, value: "x" })) })).toEqual([
      "registeredRight",
      "judicialDecision",
      "riparianZone",
      "mobiscore",
    ]);
    // Wallonia's block has planning, permit and the flood hazard only: the Flemish fields stay in the group.
    const walloon = ["planning", "permit", "floodHazard"];
    expect(keys({ region: "wallonia", priceNote: "", rows: walloon.map((field) => ({ rule: "wallonia.x", field, value: "x" })) })).toEqual([
      "allotmentPermit",
      "summons",
      "preemptiveRights",
      "registeredRight",
      "judicialDecision",
      "riparianZone",
      "gScore",
      "pScore",
      "asbestosType",
      "asbestosDate",
      "mobiscore",
    ]);
    expect(keys(null)).toHaveLength(14); // all but the flood risk, which is not given
  });

  it("keeps the flood risk beside a Walloon flood zone, which is the hazard the block shows", () => {
    const keys = (l: Partial<PropertyDetail["legal"]>) =>
      fieldGroups(
        { ...bare, legal: { asbestosDate: "", ...l }, mentions: { region: "wallonia", priceNote: "", rows: [{ rule: "wallonia.flood", field: "floodHazard", value: "x" }] } },
        tFor("fr"),
        formatters("fr"),
      ).flatMap((g) => g.rows.map((r) => r.key));
    expect(keys({ floodZone: "Aléa faible", floodRisk: "Risque faible" })).toEqual(["floodRisk"]);
    expect(keys({ floodRisk: "Risque faible" })).toEqual([]);
  });
});
