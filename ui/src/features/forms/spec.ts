import raw from "../../../../leads/forms.json";
import type { View } from "../../lib/api/types";

// leads/forms.json is the one description of the forms for the server's
// validation (Go) and this UI's: imported, never copied.

export type FieldType =
  | "text"
  | "textarea"
  | "email"
  | "phone"
  | "zip"
  | "url"
  | "password"
  | "number"
  | "date"
  | "select"
  | "multi"
  | "list"
  | "area"
  | "checkbox"
  | "property"
  | "project"
  | "slot";

export type GroupName = keyof typeof raw.groups;

export interface FieldSpec {
  name: string;
  type: FieldType;
  required?: boolean;
  options?: string[];
  /** Characters for text, the largest value for number. */
  max?: number;
  /** The smallest value for number, characters for password. */
  min?: number;
  /** The field whose value this one must repeat. */
  match?: string;
  /** A number field this one may not be lower than, when both are given (a maximum and its minimum). */
  notBelow?: string;
  /** A field that, filled, makes this required field optional (postcodes or an area; e-mail or phone). */
  unless?: string;
  /** The message when neither this field nor its `unless` is given. */
  missing?: MessageKey;
  /** What each entry of a list is: postcodes or town names of the towns index. */
  items?: "postcode";
  /** The group the field came from, when it came from one. */
  group?: GroupName;
}

type RawField = Omit<FieldSpec, "group" | "type" | "missing" | "items"> & { type: string; missing?: string; items?: string };
/** A group in a form, with the keys of some of its fields changed for that form. */
type RawEntry = RawField | { group: string; with?: Record<string, Partial<RawField>> };

export type FormName = keyof typeof raw.forms;
export type MessageKey = keyof typeof raw.messages.en;

export const formNames = Object.keys(raw.forms) as FormName[];
export const limits: { bodyBytes: number; text: number; textarea: number; list: number } = raw.limits;
export const messages = raw.messages as Record<string, Record<MessageKey, string>>;

/** One place the UI shows a form: in the body of a view's pages, or in the dialog of a request about its subject. */
interface RawPlace {
  page?: string;
  order?: number;
  section?: string;
  request?: string;
  whenSlots?: boolean;
  defaults?: Record<string, string>;
}

/** A form's traits that the UI reads (leads/forms.json's $comment says them all). */
interface RawTraits {
  subject?: string;
  goal?: string;
  sections?: Record<string, string[]>;
  places?: RawPlace[];
  searchProfile?: boolean;
}

const traitsOf = (form: FormName): RawTraits => raw.forms[form] as RawTraits;

/** Whether name is one of the table's forms. */
export const isFormName = (name: string): name is FormName => Object.hasOwn(raw.forms, name);

/** The subject a form is about ("property", "project"), if any. */
export function subjectOf(form: FormName): string | undefined {
  return traitsOf(form).subject;
}

/** The goal of the properties a form is for ("sale", "rent"), if it is for one goal only. */
export function goalOf(form: FormName): "sale" | "rent" | undefined {
  const goal = traitsOf(form).goal;
  return goal === "sale" || goal === "rent" ? goal : undefined;
}

/**
 * The section of each field the form shows under a legend, besides the person
 * and address groups: field name → section, whose legend is the forms
 * namespace's groups.{section}.
 */
export function sectionsOf(form: FormName): Record<string, string> {
  const sections = traitsOf(form).sections ?? {};
  return Object.fromEntries(Object.entries(sections).flatMap(([section, fields]) => fields.map((field) => [field, section])));
}

const placesOf = (form: FormName): RawPlace[] => traitsOf(form).places ?? [];

/** A form a page shows in its body, under the title (and text) of its section: the forms namespace's sections.{section}. */
export interface PageForm {
  form: FormName;
  section: string;
}

/** The forms the pages of a view show in their body, in the table's order. */
export function formsOn(view: View): PageForm[] {
  return formNames
    .flatMap((form) => placesOf(form).flatMap((p) => (p.page === view ? [{ form, section: p.section ?? "", order: p.order ?? 0 }] : [])))
    .sort((a, b) => a.order - b.order)
    .map(({ form, section }) => ({ form, section }));
}

/** The form a request about a subject opens, with the values some of its fields start with. */
export interface RequestForm {
  form: FormName;
  defaults?: Record<string, string>;
  /** Whether the form books one of the property's visit slots (it takes them). */
  whenSlots: boolean;
}

/**
 * The form the visitor's request about a property or project opens: when the
 * property has visit slots left to book, the place for them wins over the one
 * without. Null when no form answers the request.
 */
export function formForRequest(subject: "property" | "project", request: string, { slots = false } = {}): RequestForm | null {
  const answering = formNames.flatMap((form) =>
    subjectOf(form) === subject ? placesOf(form).flatMap((p) => (p.request === request ? [{ form, place: p }] : [])) : [],
  );
  const found = (slots && answering.find((a) => a.place.whenSlots)) || answering.find((a) => !a.place.whenSlots);
  if (!found) return null;
  const whenSlots = found.place.whenSlots === true;
  return found.place.defaults ? { form: found.form, defaults: found.place.defaults, whenSlots } : { form: found.form, whenSlots };
}

/** The form whose search fields a searcher edits in their account (my-search). */
export function searchProfileForm(): FormName {
  const form = formNames.find((f) => traitsOf(f).searchProfile === true);
  if (!form) throw new Error("forms: no form is the searchProfile one");
  return form;
}

const fieldOf = (f: RawField): FieldSpec => ({ ...f, type: f.type as FieldType }) as FieldSpec;

/** The fields of a form in order, its groups expanded with the form's changes. */
export function fieldsOf(form: FormName): FieldSpec[] {
  const entries = raw.forms[form].fields as RawEntry[];
  return entries.flatMap((entry): FieldSpec[] => {
    if ("group" in entry) {
      const group = entry.group as GroupName;
      return (raw.groups[group] as RawField[]).map((f) => ({ ...fieldOf({ ...f, ...entry.with?.[f.name] }), group }));
    }
    return [fieldOf(entry)];
  });
}

/**
 * leads/forms.json's postcode rule, as the server reads it: spaces dropped
 * and capitals, then the first format that matches writes the one stored
 * form. The patterns are written for both Go and JavaScript's u flag.
 */
const postcodeFormats = raw.postcode.formats.map((f) => ({ re: new RegExp(f.pattern, "u"), write: f.write }));
const townPattern = new RegExp(raw.postcode.town, "u");

/** A Belgian (1000–9999) or Luxembourg (L-1000–L-9999) postcode in its stored form ("b-6830" → "6830", "l 1234" → "L-1234"), or null. */
export function postcode(v: string): string | null {
  const s = v.replace(/\s+/g, "").toUpperCase();
  for (const f of postcodeFormats) if (f.re.test(s)) return s.replace(f.re, f.write);
  return null;
}

/** Whether an entry may name a town (to look up in the towns index) rather than being a mistyped postcode. */
export const looksLikeTown = (v: string): boolean => townPattern.test(v.trim());
