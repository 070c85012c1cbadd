import raw from "../../../leads/forms.json";

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
  /** A field that, filled, makes this required field optional (postcodes or an area). */
  unless?: string;
  /** The group the field came from, when it came from one. */
  group?: GroupName;
}

type RawField = Omit<FieldSpec, "group" | "type"> & { type: string };
type RawEntry = RawField | { group: string };

export type FormName = keyof typeof raw.forms;
export type MessageKey = keyof typeof raw.messages.en;

export const formNames = Object.keys(raw.forms) as FormName[];
export const limits: { bodyBytes: number; text: number; textarea: number; list: number } = raw.limits;
export const messages = raw.messages as Record<string, Record<MessageKey, string>>;

/** The subject a form is about ("property", "project"), if any. */
export function subjectOf(form: FormName): string | undefined {
  return (raw.forms[form] as { subject?: string }).subject;
}

/** The fields of a form in order, its groups expanded. */
export function fieldsOf(form: FormName): FieldSpec[] {
  const entries = raw.forms[form].fields as RawEntry[];
  return entries.flatMap((entry): FieldSpec[] => {
    if ("group" in entry) {
      const group = entry.group as GroupName;
      return (raw.groups[group] as RawField[]).map((f) => ({ ...f, type: f.type as FieldType, group }));
    }
    return [{ ...entry, type: entry.type as FieldType }];
  });
}
