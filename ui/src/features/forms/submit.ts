import { ApiError, request } from "../../app/api";
import type { FormName } from "./spec";

/** What the server made of a submission. */
export type Outcome =
  | { kind: "created"; id: string; redirect: string }
  | { kind: "invalid"; message: string; errors: Record<string, string> }
  | { kind: "limited"; message: string }
  | { kind: "rejected"; message: string }
  | { kind: "failed" };

export interface Submission {
  lang: string;
  fields: Record<string, unknown>;
  altcha: string;
  fax: string;
}

/** POSTs a form to /api/forms/{form} (?lang= localizes an answer given before the body is read, a 429); network errors and 5xx are "failed" (nothing reached the agency). */
export async function sendForm(form: FormName, body: Submission): Promise<Outcome> {
  try {
    const answer = await request<{ id?: unknown; redirect?: unknown }>(`/api/forms/${form}?lang=${encodeURIComponent(body.lang)}`, {
      method: "POST",
      body,
    });
    const redirect = typeof answer.redirect === "string" ? answer.redirect : "";
    const id = typeof answer.id === "string" ? answer.id : "";
    return redirect ? { kind: "created", id, redirect } : { kind: "failed" };
  } catch (err) {
    if (!(err instanceof ApiError) || err.status === 0 || err.status >= 500 || err.status < 400) return { kind: "failed" };
    const { message, errors } = err.body;
    if (err.status === 422) return { kind: "invalid", message, errors };
    if (err.status === 429) return { kind: "limited", message };
    return { kind: "rejected", message };
  }
}
