import { useTranslation } from "react-i18next";
import type { Lang } from "../../lib/api/types";
import { AccountAlert } from "./AccountAlert";
import { useLogout } from "./useLogout";
import "./account.css";

/** 'Log out' and 'Log out everywhere' (every session of the account, on every device). */
export function LogoutButtons({ lang, done }: { lang: Lang; done?: () => void }) {
  const { t } = useTranslation("account");
  const { state, logout } = useLogout(lang, done);
  const busy = state === "sending";
  return (
    <div className="account-logout">
      <button type="button" className="button account-logout__button" disabled={busy} onClick={() => void logout(false)}>
        {t("logout.button")}
      </button>
      <button
        type="button"
        className="outline-button account-logout__button"
        disabled={busy}
        onClick={() => void logout(true)}
      >
        {t("logout.everywhere")}
      </button>
      {state === "failed" && (
        <AccountAlert tone="error" focus>
          {t("logout.failed")}
        </AccountAlert>
      )}
    </div>
  );
}
