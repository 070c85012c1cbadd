import { useMutation } from "@tanstack/react-query";
import type { ConfirmAnswer } from "../../lib/api/account";
import { ApiError, request } from "../../app/api";

export type State =
  | { status: "asking" }
  | { status: "sending" }
  | { status: "done"; message: string; email: string }
  | { status: "invalid"; message: string }
  | { status: "failed" };

/**
 * The confirmation of a demand register: send(token) is the person's click,
 * never the page load, since mail scanners open the links they find; it
 * carries the page's CSRF token. sent is null until then; a 400 is a link
 * the server refuses (used, replaced, expired), any other failure may be
 * tried again.
 */
export function useConfirm(lang: string): { sent: State | null; send: (token: string) => void } {
  const { mutate, status, data, error } = useMutation({
    mutationFn: (token: string) =>
      request<Partial<ConfirmAnswer>>("/api/alerts/confirm", { method: "POST", body: { token, lang }, csrf: true }),
  });
  let sent: State | null = null;
  if (status === "pending") sent = { status: "sending" };
  else if (status === "success") {
    sent = {
      status: "done",
      message: typeof data.message === "string" ? data.message : "",
      email: typeof data.email === "string" ? data.email : "",
    };
  } else if (status === "error") {
    sent = error instanceof ApiError && error.status === 400 ? { status: "invalid", message: error.body.message } : { status: "failed" };
  }
  return { sent, send: mutate };
}
