import type { LegalMentions } from "../../lib/api/types";

// The legal mentions blocks as the server sends them (compliance.Block in site.PropertyView), one per region.

/** A Flemish house for sale built in 1965: EPC, the planning mentions with their codes, flood scores, no asbestos certificate yet. */
export const flemishSale: LegalMentions = {
  region: "flanders",
  rows: [
    { rule: "flanders.epc", field: "epcValue", number: 245 },
    { rule: "flanders.epc", field: "epcLabel", value: "C", label: "c" },
    { rule: "flanders.epc", field: "epcCode", value: "20240315-0001234-01" },
    { rule: "flanders.permit", field: "permit", value: "Vergunning uitgereikt", code: "Vg" },
    { rule: "flanders.planning", field: "planning", value: "WgLk", code: "WgLk" },
    { rule: "flanders.summons", field: "summons", value: "GDv", code: "GDv" },
    { rule: "flanders.preemption", field: "preemption", value: "Geen voorkooprecht", code: "GVkr" },
    { rule: "flanders.subdivision", field: "subdivision", value: "Zie stedenbouwkundig uittreksel" },
    { rule: "flanders.flood", field: "pScore", value: "A" },
    { rule: "flanders.flood", field: "gScore", value: "C" },
    { rule: "flanders.asbestos", field: "asbestos", notCommunicated: true },
  ],
  priceNote: "",
};

/** A Walloon house for sale (as demo listing 4003): PEB class, primary energy per m², total; planning without codes. */
export const walloonSale: LegalMentions = {
  region: "wallonia",
  rows: [
    { rule: "wallonia.peb", field: "pebClass", value: "C", label: "c" },
    { rule: "wallonia.peb", field: "pebPrimary", number: 250 },
    { rule: "wallonia.peb", field: "pebTotal", number: 38750 },
    { rule: "wallonia.planning", field: "planning", value: "Zone d'habitat à caractère rural" },
    { rule: "wallonia.planning", field: "permit", value: "Permis d'urbanisme délivré" },
    { rule: "wallonia.flood", field: "floodHazard", value: "Non inondable" },
  ],
  priceNote: "",
};

/** A Brussels flat: PEB class, primary energy per m², CO2 per m². */
export const brusselsSale: LegalMentions = {
  region: "brussels",
  rows: [
    { rule: "brussels.peb", field: "pebClass", value: "D", label: "d" },
    { rule: "brussels.peb", field: "pebPrimary", number: 198.5 },
    { rule: "brussels.peb", field: "co2", number: 41 },
  ],
  priceNote: "",
};

/** A house in Luxembourg: the energy passport's two classes. */
export const luxembourgSale: LegalMentions = {
  region: "luxembourg",
  rows: [
    { rule: "luxembourg.passport", field: "energyClass", value: "B" },
    { rule: "luxembourg.passport", field: "insulationClass", value: "C" },
  ],
  priceNote: "",
};

/** A new-build flat in Brussels sold under VAT, the price given without it. */
export const newBuildSale: LegalMentions = { ...brusselsSale, priceNote: "vatExcluded" };
