import type { TFunction } from "i18next";
import type { AccountResponse } from "./client";

/** What an alert says after a failed request: an optional heading, the message, and an optional second line. */
export interface Failure {
  heading?: string;
  text: string;
  more?: string;
}

/** How long to wait before trying again, in seconds up to a minute and a half, else in whole minutes. */
export function waitText(t: TFunction, seconds: number): string {
  if (seconds <= 0) return "";
  if (seconds <= 90) return t("form.waitSeconds", { count: Math.ceil(seconds) });
  return t("form.waitMinutes", { count: Math.ceil(seconds / 60) });
}

function serverMessage(body: unknown): string {
  const message = (body as { message?: unknown }).message;
  return typeof message === "string" ? message : "";
}

/** The alert for an answer no screen handles on its own: throttling with its wait, else the server's message. */
export function failureOf(res: AccountResponse<unknown>, t: TFunction): Failure {
  const message = serverMessage(res.body);
  if (res.status === 429) return { text: message || t("form.throttled"), more: waitText(t, res.retryAfter) || undefined };
  return { text: message || t("form.error") };
}

/** The alert for a request that threw: nothing reached the server, or the CSRF token could not be read. */
export function networkFailure(t: TFunction): Failure {
  return { text: t("form.network") };
}
