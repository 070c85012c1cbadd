import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { Demand } from "../../lib/api/account";
import type { Outcome } from "./useDemand";

export type AlertChange = "paused" | "resumed" | "unsubscribed";

interface AlertStatusProps {
  demand: Demand;
  setPaused: (paused: boolean) => Promise<Outcome>;
  unsubscribe: () => Promise<Outcome>;
  /** Tells the page's status region what changed. */
  onChanged: (change: AlertChange) => void;
  onFailed: (message: string) => void;
}

export type AlertState = "active" | "paused" | "unsubscribed";

export function alertState(demand: Pick<Demand, "paused" | "unsubscribed">): AlertState {
  if (demand.unsubscribed) return "unsubscribed";
  return demand.paused ? "paused" : "active";
}

/** Whether alert mails go out, and the buttons to pause, resume or stop them (stopping asks first). */
export function AlertStatus({ demand, setPaused, unsubscribe, onChanged, onFailed }: AlertStatusProps) {
  const { t } = useTranslation("search-profile");
  const headingId = useId();
  const state = alertState(demand);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const question = useRef<HTMLParagraphElement>(null);
  const stopButton = useRef<HTMLButtonElement>(null);
  const returnFocus = useRef(false);

  // The question takes the focus when it appears, and the Unsubscribe button gets it back on Cancel.
  useEffect(() => {
    if (confirming) question.current?.focus();
    else if (returnFocus.current) {
      returnFocus.current = false;
      stopButton.current?.focus();
    }
  }, [confirming]);

  const run = async (action: () => Promise<Outcome>, change: AlertChange) => {
    setBusy(true);
    try {
      const outcome = await action();
      if (outcome.kind === "ok") onChanged(change);
      else if (outcome.kind !== "away") onFailed(outcome.kind === "failed" || outcome.kind === "invalid" ? outcome.message : "");
    } finally {
      setBusy(false);
      setConfirming(false);
    }
  };

  return (
    <section className={`my-search__alerts my-search__alerts--${state}`} aria-labelledby={headingId}>
      <h2 id={headingId} className="my-search__heading">
        {t("alerts.heading")}
      </h2>
      <p className="my-search__state">
        <span className="my-search__dot" aria-hidden="true" />
        <strong>{t(`alerts.${state}`)}</strong>
      </p>
      <p className="my-search__state-help">{t(`alerts.${state}Help`, { email: demand.email })}</p>
      {confirming ? (
        <div className="my-search__confirm">
          <p ref={question} tabIndex={-1} className="my-search__question">
            {t("alerts.confirm")}
          </p>
          <div className="my-search__buttons">
            <button type="button" className="button" disabled={busy} onClick={() => void run(unsubscribe, "unsubscribed")}>
              {t("alerts.confirmYes")}
            </button>
            <button
              type="button"
              className="outline-button my-search__secondary"
              disabled={busy}
              onClick={() => {
                returnFocus.current = true;
                setConfirming(false);
              }}
            >
              {t("alerts.cancel")}
            </button>
          </div>
        </div>
      ) : (
        <div className="my-search__buttons">
          {state === "active" && (
            <button type="button" className="outline-button my-search__secondary" disabled={busy} onClick={() => void run(() => setPaused(true), "paused")}>
              {t("alerts.pause")}
            </button>
          )}
          {state !== "active" && (
            <button type="button" className="button" disabled={busy} onClick={() => void run(() => setPaused(false), "resumed")}>
              {state === "paused" ? t("alerts.resume") : t("alerts.subscribe")}
            </button>
          )}
          {state !== "unsubscribed" && (
            <button ref={stopButton} type="button" className="outline-button my-search__secondary" disabled={busy} onClick={() => setConfirming(true)}>
              {t("alerts.unsubscribe")}
            </button>
          )}
        </div>
      )}
    </section>
  );
}
