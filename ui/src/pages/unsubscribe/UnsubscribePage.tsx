import { useMemo } from "react";
import { useMutation } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { UnsubscribeAnswer } from "../../api/account";
import { accountPath, loginPath } from "../../account/paths";
import { ApiError, request } from "../../app/api";
import type { PageProps } from "../registry";
import { useHashToken } from "./useHashToken";
import "./unsubscribe.css";

type State =
  | { status: "asking" }
  | { status: "sending" }
  | { status: "done"; message: string }
  | { status: "invalid"; message: string }
  | { status: "failed" };

/**
 * One-click unsubscribe without a session: the signed token of the mail is
 * the authority. The POST is the person's click, never the page load, since
 * mail scanners open the links they find.
 */
function unsubscribeWith(token: string, lang: string): Promise<Partial<UnsubscribeAnswer>> {
  return request(`/api/alerts/unsubscribe?token=${encodeURIComponent(token)}`, { method: "POST", body: { lang } });
}

/** What the page says once the click was sent: a 400 is a token the server refuses, anything else a failure. */
function sentState(mutation: { status: string; data?: Partial<UnsubscribeAnswer>; error: Error | null }): State | null {
  if (mutation.status === "pending") return { status: "sending" };
  if (mutation.status === "success") return { status: "done", message: typeof mutation.data?.message === "string" ? mutation.data.message : "" };
  if (mutation.status !== "error") return null;
  const err = mutation.error;
  return err instanceof ApiError && err.status === 400 ? { status: "invalid", message: err.body.message } : { status: "failed" };
}

/** The landing page of an alert mail's unsubscribe link. */
export function UnsubscribePage({ site, page }: PageProps) {
  const { t } = useTranslation("search-profile");
  const lang = page.lang;
  const token = useHashToken();
  const mutation = useMutation({ mutationFn: (value: string) => unsubscribeWith(value, lang) });
  const sent = sentState(mutation);
  // Before the token is read (the server's render) the page asks nothing yet.
  const state: State | null = sent ?? (token === null ? null : token ? { status: "asking" } : { status: "invalid", message: "" });
  const login = useMemo(
    () => loginPath(accountPath(site, lang, "/login/"), accountPath(site, lang, "/my-search/")),
    [site, lang],
  );

  const confirm = () => {
    if (token) mutation.mutate(token);
  };

  return (
    <div className="container unsubscribe-page">
      <h1 className="unsubscribe-page__title">{page.title}</h1>
      <div role="status" aria-live="polite">
        {state?.status === "done" && <p className="unsubscribe-page__done">{state.message || t("unsubscribe.done")}</p>}
      </div>
      <div role="alert">
        {state?.status === "invalid" && <p className="unsubscribe-page__problem">{state.message || t("unsubscribe.invalid")}</p>}
        {state?.status === "failed" && <p className="unsubscribe-page__problem">{t("unsubscribe.failed")}</p>}
      </div>
      {(state?.status === "asking" || state?.status === "sending" || state?.status === "failed") && (
        <>
          <p className="unsubscribe-page__question">{t("unsubscribe.question")}</p>
          <p>{t("unsubscribe.explain")}</p>
          <button
            type="button"
            className="button"
            disabled={state?.status === "sending"}
            aria-busy={state?.status === "sending" || undefined}
            onClick={confirm}
          >
            {state?.status === "sending" ? t("unsubscribe.sending") : t("unsubscribe.button")}
          </button>
        </>
      )}
      <p className="unsubscribe-page__login">
        <Link to={login}>{t("unsubscribe.login")}</Link>
      </p>
    </div>
  );
}
