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

const text = (v: unknown): string => (typeof v === "string" ? v : "");

async function readJSON(res: Response): Promise<Record<string, unknown>> {
  try {
    const body: unknown = await res.json();
    return body && typeof body === "object" ? (body as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** POSTs a form to /api/forms/{form} (?lang= localizes an answer given before the body is read, a 429); network errors and 5xx are "failed" (nothing reached the agency). */
export async function sendForm(form: FormName, body: Submission): Promise<Outcome> {
  let res: Response;
  try {
    res = await fetch(`/api/forms/${form}?lang=${encodeURIComponent(body.lang)}`, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify(body),
    });
  } catch {
    return { kind: "failed" };
  }
  if (res.status >= 500) return { kind: "failed" };
  const answer = await readJSON(res);
  if (res.status === 201 || res.ok) {
    const redirect = text(answer.redirect);
    return redirect ? { kind: "created", id: text(answer.id), redirect } : { kind: "failed" };
  }
  if (res.status === 422) {
    const errors: Record<string, string> = {};
    if (answer.errors && typeof answer.errors === "object") {
      for (const [name, message] of Object.entries(answer.errors as Record<string, unknown>)) {
        if (typeof message === "string") errors[name] = message;
      }
    }
    return { kind: "invalid", message: text(answer.message), errors };
  }
  if (res.status === 429) return { kind: "limited", message: text(answer.message) };
  return { kind: "rejected", message: text(answer.message) };
}
