import { useTranslation } from "react-i18next";
import "./ApiErrorState.css";

/** The catalogue's API error ('API ERROR' / 'error in the API'), with a way to try again. */
export function ApiErrorState({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation("common");
  return (
    <section className="api-error container" aria-labelledby="api-error-title">
      <h1 id="api-error-title" className="api-error__title">
        {t("apiError.title")}
      </h1>
      <p role="alert" className="api-error__message">
        {t("apiError.message")}
      </p>
      <button type="button" className="button" onClick={onRetry}>
        {t("apiError.retry")}
      </button>
    </section>
  );
}
