import { isFormName, type FormName } from "../../features/forms/spec";

/**
 * The form a thank-you page (/feedback/{form}/) is for: the last segment of
 * its internal path when leads/forms.json has that form; null for another.
 */
export function formOf(internal: string): FormName | null {
  const last = internal.split("/").filter(Boolean).pop() ?? "";
  return isFormName(last) ? last : null;
}
