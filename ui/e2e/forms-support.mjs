// What the browser tests of the forms share: the contract (leads/forms.json)
// and how a field's state reads on the page.
import { readFileSync } from "node:fs";

export const spec = JSON.parse(readFileSync(new URL("../../leads/forms.json", import.meta.url), "utf8"));

export const red = "rgb(179, 38, 30)"; // --color-error

/** A form's fields in order, groups expanded with the form's changes (as ui/src/features/forms/spec.ts and leads/spec.go read the file). */
export function fieldsOf(form) {
  return spec.forms[form].fields.flatMap((f) => (f.group ? spec.groups[f.group].map((g) => ({ ...g, ...f.with?.[g.name] })) : [f]));
}

/** The control of a field: its input, select or text area (for a multi, its first checkbox). */
export function control(region, name) {
  return region.locator(`.lead-form__field--${name}`).locator("input, select, textarea").first();
}

/** The element that tells a field's state: its control, or for a group of choices its fieldset (which has no aria-invalid). */
export function described(region, field) {
  return field.type === "multi" ? region.locator(`fieldset.lead-form__field--${field.name}`) : control(region, field.name);
}

/** What a field says about itself: invalid or not, and the text and colour of its error (through aria-describedby). */
export function errorOf(el) {
  return el.evaluate((node) => {
    const ids = (node.getAttribute("aria-describedby") ?? "").split(" ").filter(Boolean);
    const error = ids.map((id) => document.getElementById(id)).find((e) => e?.classList.contains("lead-form__error"));
    const choices = node.tagName === "FIELDSET" ? [...node.querySelectorAll("input")] : [node];
    return {
      invalid: node.tagName === "FIELDSET" ? Boolean(error) && choices.every((c) => c.getAttribute("aria-invalid") === "true") : node.getAttribute("aria-invalid") === "true",
      text: error?.textContent ?? "",
      color: error ? getComputedStyle(error).color : "",
    };
  });
}

