import type { TFunction } from "i18next";
import { ApiError } from "../../app/api";

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

/**
 * The alert for a failure no screen handles on its own: nothing reached the
 * server (or the CSRF token could not be read), throttling with its wait,
 * else the server's message.
 */
export function failureOf(error: unknown, t: TFunction): Failure {
  if (!(error instanceof ApiError) || error.status === 0) return { text: t("form.network") };
  const { message, retryAfter } = error.body;
  if (error.status === 429) return { text: message || t("form.throttled"), more: waitText(t, retryAfter) || undefined };
  return { text: message || t("form.error") };
}
