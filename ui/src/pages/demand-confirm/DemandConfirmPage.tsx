import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { accountPath } from "../../features/account/paths";
import type { PageProps } from "../props";
import { TokenAction } from "../unsubscribe/TokenAction";
import { useFragmentToken } from "../password-reset/token";
import { useConfirm, type State } from "./useConfirm";
import "../unsubscribe/unsubscribe.css";

/** The landing page of a demand register's confirmation link: its button opens the alert account. */
export function DemandConfirmPage({ site, page }: PageProps) {
  const { t } = useTranslation("search-profile");
  const lang = page.lang;
  const token = useFragmentToken();
  const { sent, send } = useConfirm(lang);
  // Before the token is read (the server's render) the page asks nothing yet.
  const state: State | null = sent ?? (token === null ? null : token ? { status: "asking" } : { status: "invalid", message: "" });

  const confirm = () => {
    if (token) send(token);
  };

  return (
    <div className="container unsubscribe-page demand-confirm-page">
      <h1 className="unsubscribe-page__title">{page.title}</h1>
      <TokenAction texts="confirm" state={state} onSend={confirm} />
      {state?.status === "done" && (
        <p className="unsubscribe-page__login">
          <Link className="button" to={accountPath(site, lang, "/login/")}>
            {t("confirm.login")}
          </Link>
        </p>
      )}
      {state?.status === "invalid" && (
        <p className="unsubscribe-page__login">
          <Link to={accountPath(site, lang, "/demand-register/")}>{t("confirm.register")}</Link>
        </p>
      )}
    </div>
  );
}
