import { useMutation } from "@tanstack/react-query";
import type { UnsubscribeAnswer } from "../../lib/api/account";
import { ApiError, request } from "../../app/api";

export type State =
  | { status: "asking" }
  | { status: "sending" }
  | { status: "done"; message: string }
  | { status: "invalid"; message: string }
  | { status: "failed" };

/**
 * One-click unsubscribe without a session: the signed token of the mail is
 * the authority. send(token) is the person's click, never the page load,
 * since mail scanners open the links they find. sent is null until then; a
 * 400 is a token the server refuses, any other failure may be tried again.
 */
export function useUnsubscribe(lang: string): { sent: State | null; send: (token: string) => void } {
  const { mutate, status, data, error } = useMutation({
    mutationFn: (token: string) =>
      request<Partial<UnsubscribeAnswer>>(`/api/alerts/unsubscribe?token=${encodeURIComponent(token)}`, { method: "POST", body: { lang } }),
  });
  let sent: State | null = null;
  if (status === "pending") sent = { status: "sending" };
  else if (status === "success") sent = { status: "done", message: typeof data.message === "string" ? data.message : "" };
  else if (status === "error") {
    sent = error instanceof ApiError && error.status === 400 ? { status: "invalid", message: error.body.message } : { status: "failed" };
  }
  return { sent, send: mutate };
}
