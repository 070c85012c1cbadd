import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { accountPath, loginPath } from "../../features/account/paths";
import type { PageProps } from "../props";
import { TokenAction } from "./TokenAction";
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
      <TokenAction texts="unsubscribe" state={state} onSend={confirm} />
      <p className="unsubscribe-page__login">
        <Link to={login}>{t("unsubscribe.login")}</Link>
      </p>
    </div>
  );
}
