import type { Criteria, Demand, DemandUpdate } from "../../lib/api/account";
import { fieldsSchema, type FormValues, type Messages } from "../../features/forms/schema";
import { fieldsOf, searchProfileForm, type FieldSpec } from "../../features/forms/spec";
import type { AreaPoint } from "../../features/forms/rules";

/**
 * The criteria are the search part of the registration form
 * (the form leads/forms.json calls the searchProfile one), so they are edited with its fields
 * and checked with its rules; the postcodes are its "zones".
 */
const criteriaNames = [
  "goal",
  "budget",
  "minPrice",
  "maxPrice",
  "minRooms",
  "minBathrooms",
  "minGarages",
  "minParkings",
  "types",
  "zones",
  "area",
  "timeSlots",
  "newsletter",
  "remark",
] as const;

export const frequencies = ["immediate", "daily"] as const;

/** The alert mails' rhythm, checked as a select of the spec would be. */
export const frequencyField: FieldSpec = { name: "frequency", type: "select", options: [...frequencies], required: true };

/** The form whose search fields these are. */
export const searchForm = searchProfileForm();

export const criteriaFields: FieldSpec[] = fieldsOf(searchForm).filter((f) =>
  (criteriaNames as readonly string[]).includes(f.name),
);

export const fieldOf = (name: string): FieldSpec => {
  const field = [...criteriaFields, frequencyField].find((f) => f.name === name);
  if (!field) throw new Error(`my-search: no field ${name}`);
  return field;
};

/**
 * The form's zod schema: the spec's rules for the criteria, the property types limited to the offered ones, the
 * town names the towns index does not have refused among the postcodes.
 */
export function searchSchema(msg: Messages, typeIds: string[], unknownTowns: string[] = []) {
  return fieldsSchema([...criteriaFields, frequencyField], msg, { types: typeIds, zones: unknownTowns });
}

const numberText = (n: number) => (n > 0 ? String(n) : "");

/** What the form shows of a demand: numbers as typed text, "" for 'no condition'. */
export function toFormValues(demand: Demand): FormValues {
  const c = demand.criteria;
  return {
    goal: c.goal,
    budget: numberText(c.budget),
    minPrice: numberText(c.minPrice),
    maxPrice: numberText(c.maxPrice),
    minRooms: numberText(c.minRooms),
    minBathrooms: numberText(c.minBathrooms),
    minGarages: numberText(c.minGarages),
    minParkings: numberText(c.minParkings),
    types: c.types.map(String),
    zones: [...c.zips],
    area: c.area.map(([lat, lng]) => [lat, lng]),
    timeSlots: [...c.timeSlots],
    newsletter: c.newsletter,
    remark: c.remark,
    frequency: demand.frequency,
  };
}

const num = (v: unknown) => (typeof v === "number" && Number.isFinite(v) ? v : 0);
const strings = (v: unknown) => (Array.isArray(v) ? v.map(String) : []);

/** The PUT /api/demand body of the schema's output: every key of Criteria, 0 and [] for 'no condition'. */
export function toUpdate(values: FormValues, lang: string): DemandUpdate {
  const criteria: Criteria = {
    goal: values.goal === "rent" ? "rent" : "buy",
    budget: num(values.budget),
    minPrice: num(values.minPrice),
    maxPrice: num(values.maxPrice),
    minRooms: num(values.minRooms),
    minBathrooms: num(values.minBathrooms),
    minGarages: num(values.minGarages),
    minParkings: num(values.minParkings),
    types: strings(values.types).map(Number),
    zips: strings(values.zones),
    area: Array.isArray(values.area) ? (values.area as AreaPoint[]) : [],
    timeSlots: strings(values.timeSlots).filter((s): s is Criteria["timeSlots"][number] =>
      ["morning", "afternoon", "evening"].includes(s),
    ),
    newsletter: values.newsletter === true,
    remark: typeof values.remark === "string" ? values.remark : "",
  };
  return { criteria, frequency: values.frequency === "daily" ? "daily" : "immediate", lang };
}

/** The form field a server error names: "zips" (or "criteria.zips") is the postcodes field. */
export function formFieldOf(serverName: string): string {
  const name = serverName.replace(/^criteria\./, "");
  return name === "zips" ? "zones" : name;
}
