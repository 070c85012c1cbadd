// The demo agency's platform dataset (testdata/platform: the answers of
// Omnicasa's web API, GetPropertyList/{lang}.json and the others, as
// platform/dataset.go lays them out) for the tests that reckon what the site
// must show from it.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const demo = fileURLToPath(new URL("../../testdata/platform/", import.meta.url));

/** The platform's Status of a property (fw4-bvba/omnicasa-api src/Models/Status.php). */
export const status = { active: 1, sold: 2, rented: 4 };

/** The demo agency's Marquee for 'under option' (its own list: "Optie" / "Sous option"). */
const optionMarquee = 3;

/** Every row of GetPropertyList in a language, those the platform does not publish included. */
export function rows(lang, dir = demo) {
  return JSON.parse(readFileSync(join(dir, "GetPropertyList", `${lang}.json`), "utf8")).Items;
}

/** The listings the site publishes: Status active, sold or rented. */
export function listings(lang, dir = demo) {
  return rows(lang, dir).filter((p) => [status.active, status.sold, status.rented].includes(p.Status));
}

/** A listing on the market and not under option. */
export const available = (p) => p.Status === status.active && p.Marquee !== optionMarquee;

/**
 * A listing's documents as the site shows them: those its row embeds, then the published ones GetDocumentList lists
 * for it (GetDocumentList/{lang}.json, by property id), an address already there once.
 */
export function documentsOf(p, lang, dir = demo) {
  let listed = [];
  try {
    listed = JSON.parse(readFileSync(join(dir, "GetDocumentList", `${lang}.json`), "utf8"))[String(p.ID)] ?? [];
  } catch {
    // A dataset without GetDocumentList: the embedded documents alone.
  }
  const out = [];
  for (const d of [...(p.Documents ?? []), ...listed.filter((d) => d.Publish !== false)]) {
    if (d.Url && !out.some((o) => o.Url === d.Url)) out.push(d);
  }
  return out;
}

/** Writes a language's rows into a copy of the dataset, as the platform would list them. */
export function writeRows(lang, dir, items) {
  writeFileSync(join(dir, "GetPropertyList", `${lang}.json`), JSON.stringify({ From: 1, Items: items, RowsCount: items.length, To: items.length }));
}

/** The projects as GetProject answers them (units, documents, photos). */
export function projects(lang) {
  return JSON.parse(readFileSync(join(demo, "GetProject", `${lang}.json`), "utf8"));
}

/**
 * The id of a listing's type in GetTypeOfPropertyList: the type named as its
 * TypeDescription within its web category, else that category's own row (the
 * rule the sync follows, as no public source shows a type id on a property).
 */
export function typeIdOf(p, lang) {
  const types = JSON.parse(readFileSync(join(demo, "GetTypeOfPropertyList", `${lang}.json`), "utf8")).Items;
  const named = types.find((t) => t.Name === p.TypeDescription && t.WebID === p.WebID);
  return (named ?? types.find((t) => t.WebID === p.WebID && !t.ParentID))?.ID;
}
