import { z } from "zod";
import { check, isEmpty, normalize } from "./rules";
import { fieldsOf, messages, type FieldSpec, type FormName, type MessageKey } from "./spec";

/** Turns a message key of leads/forms.json into the visitor's words. */
export type Messages = (key: MessageKey, params?: Record<string, string | number>) => string;

/** The messages of one language straight from the spec (i18next's "validation" namespace holds the same). */
export function specMessages(lang: string): Messages {
  const texts = messages[lang] ?? messages.en!;
  return (key, params = {}) => texts[key].replace(/\{\{(\w+)\}\}/g, (whole, name: string) => String(params[name] ?? whole));
}

/** Allowed values the spec cannot list, by field name (the property types, the visit slots). */
export type Choices = Record<string, readonly string[] | undefined>;

export type FormValues = Record<string, unknown>;

/**
 * The zod schema of a set of fields: it accepts the form's raw values
 * (strings from inputs, booleans, arrays) and outputs the API's field
 * values. Every field is checked even when another fails, so all errors
 * show at once.
 */
export function fieldsSchema(fields: FieldSpec[], msg: Messages, choices: Choices = {}) {
  const shape = Object.fromEntries(
    fields.map((field) => [
      field.name,
      z
        .unknown()
        .superRefine((value, ctx) => {
          // A field with 'unless' is told it is missing by the form-wide check below, which sees the other field.
          const failure = check(field.unless ? { ...field, required: false } : field, value, choices[field.name]);
          if (failure) ctx.addIssue({ code: "custom", message: msg(failure.key, failure.params) });
        })
        .transform((value) => normalize(field, value)),
    ]),
  );
  const matches = fields.filter((f) => f.match);
  const floors = fields.filter((f) => f.notBelow);
  const unlessFields = fields.filter((f) => f.unless && f.required);
  // Every field is present for its own check, even one the caller left out.
  const blank = Object.fromEntries(fields.map((f) => [f.name, null]));
  return z.preprocess(
    (input: FormValues) => ({ ...blank, ...(input && typeof input === "object" ? input : {}) }),
    z.object(shape).superRefine(
      (values, ctx) => {
        for (const field of matches) {
          const source = fields.find((f) => f.name === field.match);
          const value = values[field.name];
          const original = values[field.match!];
          // As the server: a given repeat that differs from the original, or repeats an original that is refused.
          if (check(field, value) || isEmpty(field, value) || !source) continue;
          if (check(source, original) || String(value).trim() !== String(original ?? "").trim()) {
            ctx.addIssue({ code: "custom", message: msg("match"), path: [field.name] });
          }
        }
        for (const field of floors) {
          // As the server: only two accepted numbers are compared (values are parsed by now).
          const value = values[field.name];
          const floor = values[field.notBelow!];
          if (typeof value === "number" && typeof floor === "number" && value < floor) {
            ctx.addIssue({ code: "custom", message: msg("belowMin"), path: [field.name] });
          }
        }
        for (const field of unlessFields) {
          const other = fields.find((f) => f.name === field.unless);
          // As the server: the other field given at all makes this one optional. A refused value keeps its raw
          // form here (zod skips the transform of a failed field), so a refused area still counts as given.
          const otherGiven = other ? !isEmpty(other, values[other.name]) : false;
          if (isEmpty(field, values[field.name]) && !otherGiven) {
            ctx.addIssue({ code: "custom", message: msg(field.missing ?? "required"), path: [field.name] });
          }
        }
      },
      // Mismatched passwords are told along with the other fields' errors, not after they are fixed.
      { when: () => true },
    ),
  );
}

/** The schema of one form of the spec. */
export function formSchema(form: FormName, msg: Messages, choices: Choices = {}) {
  return fieldsSchema(fieldsOf(form), msg, choices);
}
