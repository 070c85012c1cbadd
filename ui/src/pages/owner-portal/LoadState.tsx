import { useTranslation } from "react-i18next";
import { AccountAlert } from "../../features/account/AccountAlert";

/** While the figures load. */
export function Loading() {
  const { t } = useTranslation("account");
  return (
    <p className="owner-portal__loading" role="status">
      {t("portal.loading")}
    </p>
  );
}

/** The figures could not be read: say so and offer to ask again. */
export function LoadFailed({ message, retry }: { message: string; retry: () => void }) {
  const { t } = useTranslation("account");
  return (
    <AccountAlert tone="error">
      <p className="account-alert__text">{message || t("portal.error")}</p>
      <button type="button" className="button owner-portal__retry" onClick={retry}>
        {t("portal.retry")}
      </button>
    </AccountAlert>
  );
}
