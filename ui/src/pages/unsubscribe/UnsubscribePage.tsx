import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { UnsubscribeAnswer } from "../../api/account";
import { accountPath } from "../../account/paths";
import { loginPath } from "../../account/client";
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
async function unsubscribeWith(token: string, lang: string): Promise<State> {
  let res: Response;
  try {
    res = await fetch(`/api/alerts/unsubscribe?token=${encodeURIComponent(token)}`, {
      method: "POST",
      headers: { accept: "application/json", "content-type": "application/json" },
      credentials: "same-origin",
      body: JSON.stringify({ lang }),
    });
  } catch {
    return { status: "failed" };
  }
  const body = (await res.json().catch(() => ({}))) as Partial<UnsubscribeAnswer>;
  const message = typeof body.message === "string" ? body.message : "";
  if (res.ok) return { status: "done", message };
  if (res.status === 400) return { status: "invalid", message };
  return { status: "failed" };
}

/** The landing page of an alert mail's unsubscribe link. */
export function UnsubscribePage({ site, page }: PageProps) {
  const { t } = useTranslation("search-profile");
  const lang = page.lang;
  const token = useHashToken();
  const [sent, setSent] = useState<State | null>(null);
  // Before the token is read (the server's render) the page asks nothing yet.
  const state: State | null = sent ?? (token === null ? null : token ? { status: "asking" } : { status: "invalid", message: "" });
  const login = useMemo(
    () => loginPath(accountPath(site, lang, "/login/"), accountPath(site, lang, "/my-search/")),
    [site, lang],
  );

  const confirm = async () => {
    if (!token) return;
    setSent({ status: "sending" });
    setSent(await unsubscribeWith(token, lang));
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
            onClick={() => void confirm()}
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
