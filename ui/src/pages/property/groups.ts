import type { TFunction } from "i18next";
import type { PropertyDetail } from "../../lib/api/types";
import type { Formatters } from "./format";

export type GroupId = "price" | "surfaces" | "layout" | "legal" | "comfort" | "viager" | "availability";

export interface FieldRow {
  key: string; // the field's name, also its label key (fields.{key})
  label: string;
  value: string;
}

export interface FieldGroup {
  id: GroupId;
  title: string;
  rows: FieldRow[];
}

type Kind = "money" | "area" | "metres" | "number" | "year" | "text" | "bool" | "date" | "facades" | "judicial";

type Value = string | number | boolean | null | undefined;

/** The platform leaves fields out, or sends 0 / "" for them: either way there is nothing to show. */
function filled(value: Value): boolean {
  return value !== undefined && value !== null && value !== "" && value !== 0;
}

function display(t: TFunction<"property">, f: Formatters, kind: Kind, value: string | number | boolean): string {
  switch (kind) {
    case "money":
      return f.money(Number(value));
    case "area":
      return t("units.area", { value: f.number(Number(value)) });
    case "metres":
      return t("units.metres", { value: f.number(Number(value)) });
    case "number":
      return f.number(Number(value));
    case "year":
      return String(value);
    case "bool":
      return value ? t("values.yes") : t("values.no");
    case "facades":
      return t(`values.facades.${Number(value) >= 4 ? 4 : Number(value) === 3 ? 3 : 2}`);
    case "judicial":
      return t(`values.judicial.${value}`, { defaultValue: String(value) });
    default:
      return String(value);
  }
}

type Spec = [key: string, kind: Kind, value: Value];

// The legal group's fields that the block of legal mentions (LegalMentions, from compliance.Block) shows, by the
// block's row field: a field the block shows for this listing is left out of the group, one it does not (another
// region's, or a value the region's rules do not ask for) stays.
const mentionFields: Record<string, string[]> = {
  planning: ["planning"],
  permit: ["permit"],
  allotmentPermit: ["subdivision"],
  summons: ["summons"],
  preemptiveRights: ["preemption"],
  floodZone: ["floodZone", "floodHazard"],
  // Wallonia's flood hazard is the flood zone, else the flood risk (compliance rule wallonia.flood).
  floodRisk: ["floodHazard"],
  gScore: ["gScore"],
  pScore: ["pScore"],
  asbestosType: ["asbestos"],
  asbestosDate: ["asbestos"],
};

function inMentions(p: PropertyDetail, key: string): boolean {
  const fields = mentionFields[key];
  if (key === "floodRisk" && p.legal.floodZone) return false;
  return !!fields && !!p.mentions?.rows.some((row) => fields.includes(row.field));
}

/**
 * The detail fields in the groups a visitor reads them in, each value
 * worded and formatted for the page's language. Unfilled fields are left
 * out, and a group without any field is left out whole. Energy has its own
 * section (the label image and the renovation notice), and what the legal
 * mentions block shows is not repeated in the legal group.
 */
export function fieldGroups(p: PropertyDetail, t: TFunction<"property">, f: Formatters): FieldGroup[] {
  const { costs: c, surfaces: s, layout: l, comfort: k, legal: g } = p;
  const specs: Record<GroupId, Spec[]> = {
    price: [
      ["price", "text", p.priceText],
      ["chargesOwner", "money", c.chargesOwner],
      ["chargesRenter", "money", c.chargesRenter],
      ["totalCost", "money", c.totalCost],
      ["deposit", "money", c.deposit],
      ["notaryFee", "money", c.notaryFee],
      ["notaryFeeVat", "money", c.notaryFeeVat],
      ["registrationType", "text", c.registrationType],
      ["vatValue", "money", c.vatValue],
      ["vatRegime", "bool", c.vatRegime],
      ["realEstateTax", "money", c.realEstateTax],
    ],
    surfaces: [
      ["surfaceTotal", "area", s.total],
      ["surfaceLiving", "area", s.living],
      ["surfaceGround", "area", s.ground],
      ["surfaceTerrace", "area", s.terrace],
      ["surfaceGarden", "area", s.garden],
      ["surfaceOffice", "area", s.office],
      ["surfaceConstructed", "area", s.constructed],
      ["plotWidth", "metres", s.plotWidth],
      ["frontWidth", "metres", s.frontWidth],
    ],
    layout: [
      ["facades", "facades", l.facades],
      // The platform's word for the same fact, shown when it gives no count of facades.
      ["construction", "text", l.facades ? undefined : k.construction],
      ["bedrooms", "number", l.bedrooms],
      ["bathrooms", "number", l.bathrooms],
      ["showerRooms", "number", l.showerRooms],
      ["toilets", "number", l.toilets],
      ["garages", "number", l.garages],
      ["parkings", "number", l.parkings],
      ["externalParkings", "number", l.externalParkings],
      ["floors", "number", l.floors],
      ["floor", "text", l.floor],
      ["extraRooms", "text", l.extraRooms],
      ["constructionYear", "year", l.constructionYear],
      ["renovationYear", "year", l.renovationYear],
    ],
    legal: (
      [
        ["planning", "text", g.planning],
        ["permit", "text", g.permit],
        ["allotmentPermit", "text", g.allotmentPermit],
        ["summons", "text", g.summons],
        ["preemptiveRights", "text", g.preemptiveRights],
        ["registeredRight", "text", g.registeredRight],
        ["judicialDecision", "judicial", g.judicialDecision],
        ["floodZone", "text", g.floodZone],
        ["floodRisk", "text", g.floodRisk],
        ["riparianZone", "bool", g.riparianZone],
        ["gScore", "text", g.gScore],
        ["pScore", "text", g.pScore],
        ["asbestosType", "text", g.asbestosType],
        ["asbestosDate", "date", g.asbestosDate],
        ["mobiscore", "number", g.mobiscore],
      ] satisfies Spec[]
    ).filter(([key]) => !inMentions(p, key)),
    comfort: [
      ["condition", "text", k.condition],
      ["kitchen", "text", k.kitchen],
      ["comfort", "text", k.comfort],
      ["heating", "text", p.energy.heating],
      ["roofMaterial", "text", k.roofMaterial],
      ["roofCondition", "text", k.roofCondition],
      ["windowFrame", "text", k.windowFrame],
      ["windowGlazing", "text", k.windowGlazing],
      ["floorCovering", "text", k.floorCovering],
      ["orientationTerrace", "text", k.orientationTerrace],
      ["orientationGarden", "text", k.orientationGarden],
    ],
    viager: [
      ["bouquet", "money", p.viager?.bouquet],
      ["annuity", "money", p.viager?.monthlyRent],
      ["ages", "text", p.viager?.ages],
    ],
    availability: [
      ["availability", "text", p.availability],
      ["availableFrom", "date", p.availableFrom],
    ],
  };
  return (Object.entries(specs) as [GroupId, Spec[]][])
    .map(([id, list]) => ({
      id,
      title: t(`groups.${id}`),
      rows: list
        // A false flag and "no judicial decision" (0) are facts a buyer wants to read, when the platform states them.
        .filter(([key, kind, value]) => filled(value) || (kind === "bool" && value === false) || (key === "judicialDecision" && value === 0))
        .map(([key, kind, value]) => ({ key, label: t(`fields.${key}`), value: display(t, f, kind, value as string | number | boolean) })),
    }))
    // The equipment flags are listed under comfort, so that group stays for them alone.
    .filter((group) => group.rows.length > 0 || (group.id === "comfort" && p.features.length > 0));
}
