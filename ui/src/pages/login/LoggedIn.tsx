import { useId } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { Account } from "../../lib/api/account";
import type { Lang } from "../../lib/api/types";
import { LogoutButtons } from "../../features/account/LogoutButtons";

/** Someone is logged in already: say who, lead to their screen, offer to log out. */
export function LoggedIn({ account, lang, done }: { account: Account; lang: Lang; done: () => void }) {
  const { t } = useTranslation("account");
  const id = useId();
  return (
    <section className="login-page__logged-in" aria-labelledby={id}>
      <p id={id} className="login-page__who">
        {t("login.loggedInAs", { email: account.email })}
      </p>
      <p>
        <Link className="login-page__home" to={account.home}>
          {t(`login.home.${account.kind}`)}
        </Link>
      </p>
      <LogoutButtons lang={lang} done={done} />
    </section>
  );
}
