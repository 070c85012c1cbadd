import { useTranslation } from "react-i18next";
import type { State } from "./useUnsubscribe";

/**
 * The body a mailed link's landing page shares (unsubscribe, demand confirmation): nothing happens on load, so a mail
 * scanner's visit changes nothing; a button sends the token and the answer is announced. texts is the page's key
 * prefix in search-profile (done, invalid, failed, question, explain, sending, button).
 */
export function TokenAction({ texts, state, onSend }: { texts: "unsubscribe" | "confirm"; state: State | null; onSend: () => void }) {
  const { t } = useTranslation("search-profile");
  return (
    <>
      <div role="status" aria-live="polite">
        {state?.status === "done" && <p className="unsubscribe-page__done">{state.message || t(`${texts}.done`)}</p>}
      </div>
      <div role="alert">
        {state?.status === "invalid" && <p className="unsubscribe-page__problem">{state.message || t(`${texts}.invalid`)}</p>}
        {state?.status === "failed" && <p className="unsubscribe-page__problem">{t(`${texts}.failed`)}</p>}
      </div>
      {(state?.status === "asking" || state?.status === "sending" || state?.status === "failed") && (
        <>
          <p className="unsubscribe-page__question">{t(`${texts}.question`)}</p>
          <p>{t(`${texts}.explain`)}</p>
          <button
            type="button"
            className="button"
            disabled={state.status === "sending"}
            aria-busy={state.status === "sending" || undefined}
            onClick={onSend}
          >
            {state.status === "sending" ? t(`${texts}.sending`) : t(`${texts}.button`)}
          </button>
        </>
      )}
    </>
  );
}
