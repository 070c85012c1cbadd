import { useId, useRef, type KeyboardEvent } from "react";
import { createPortal } from "react-dom";
import { useTranslation } from "react-i18next";
import { OPTION_IDS, type ConsentEvent, type ConsentOptions } from "./machine";
import { useFocusTrap } from "./useFocusTrap";
import "./Consent.css";

export interface ConsentDialogProps {
  view: "banner" | "settings";
  choices: ConsentOptions;
  policyHref: string | null;
  onEvent: (event: ConsentEvent) => void;
}

/**
 * The cookie dialog: a modal that only closes through a choice. Escape leads
 * back from the settings to the first view, never out of the dialog.
 * Rendered into the body so that no transformed ancestor can break its fixed position.
 */
export function ConsentDialog({ view, choices, policyHref, onEvent }: ConsentDialogProps) {
  const { t } = useTranslation("consent");
  const id = useId();
  const titleId = `${id}-title`;
  const textId = `${id}-text`;
  const dialogRef = useRef<HTMLDivElement>(null);
  const titleRef = useRef<HTMLHeadingElement>(null);
  useFocusTrap(dialogRef, titleRef, view);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === "Escape" && view === "settings") {
      event.preventDefault();
      onEvent({ type: "back" });
    }
  };

  return createPortal(
    <div className="consent-overlay">
      <div
        ref={dialogRef}
        className={`consent-dialog consent-dialog--${view}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={textId}
        onKeyDown={onKeyDown}
      >
        <h2 id={titleId} ref={titleRef} tabIndex={-1} className="consent-title">
          {t(view === "banner" ? "banner.title" : "settings.title")}
        </h2>
        <p id={textId} className="consent-text">
          {t(view === "banner" ? "banner.text" : "settings.text")}
        </p>
        {view === "settings" && (
          <ul className="consent-options">
            {OPTION_IDS.map((option) => {
              const inputId = `${id}-${option}`;
              const descriptionId = `${inputId}-description`;
              return (
                <li key={option} className="consent-option">
                  <div className="consent-option-text">
                    <label htmlFor={inputId} className="consent-option-label">
                      {t(`options.${option}.label`)}
                    </label>
                    <p id={descriptionId} className="consent-option-description">
                      {t(`options.${option}.description`)}
                    </p>
                  </div>
                  <input
                    id={inputId}
                    type="checkbox"
                    role="switch"
                    className="consent-switch"
                    checked={choices[option]}
                    disabled={option === "necessary"}
                    aria-describedby={descriptionId}
                    onChange={() => onEvent({ type: "toggle", option })}
                  />
                </li>
              );
            })}
          </ul>
        )}
        {policyHref && (
          <p className="consent-policy">
            <a href={policyHref}>{t("policyLink")}</a>
          </p>
        )}
        {view === "banner" ? (
          <div className="consent-actions">
            <button type="button" className="outline-button consent-button consent-button--primary" onClick={() => onEvent({ type: "agreeAll" })}>
              {t("actions.agreeAll")}
            </button>
            <button type="button" className="outline-button consent-button consent-button--primary" onClick={() => onEvent({ type: "decline" })}>
              {t("actions.decline")}
            </button>
            <button type="button" className="outline-button consent-button" onClick={() => onEvent({ type: "changeSettings" })}>
              {t("actions.changeSettings")}
            </button>
          </div>
        ) : (
          <div className="consent-actions">
            <button type="button" className="outline-button consent-button consent-button--primary" onClick={() => onEvent({ type: "agreePartly" })}>
              {t("actions.agreePartly")}
            </button>
            <button type="button" className="outline-button consent-button consent-button--primary" onClick={() => onEvent({ type: "agreeAll" })}>
              {t("actions.agreeAll")}
            </button>
            <button type="button" className="outline-button consent-button" onClick={() => onEvent({ type: "back" })}>
              {t("actions.back")}
            </button>
          </div>
        )}
      </div>
    </div>,
    document.body,
  );
}
