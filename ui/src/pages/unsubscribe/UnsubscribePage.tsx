import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { accountPath, loginPath } from "../../features/account/paths";
import type { PageProps } from "../props";
import { useHashToken } from "./useHashToken";
import { useUnsubscribe, type State } from "./useUnsubscribe";
import "./unsubscribe.css";

/** The landing page of an alert mail's unsubscribe link. */
export function UnsubscribePage({ site, page }: PageProps) {
  const { t } = useTranslation("search-profile");
  const lang = page.lang;
  const token = useHashToken();
  const { sent, send } = useUnsubscribe(lang);
  // Before the token is read (the server's render) the page asks nothing yet.
  const state: State | null = sent ?? (token === null ? null : token ? { status: "asking" } : { status: "invalid", message: "" });
  const login = useMemo(
    () => loginPath(accountPath(site, lang, "/login/"), accountPath(site, lang, "/my-search/")),
    [site, lang],
  );

  const confirm = () => {
    if (token) send(token);
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
