import { useState } from "react";
import type { UseFormRegisterReturn } from "react-hook-form";
import { useTranslation } from "react-i18next";
import "./account.css";

type Props = {
  id: string;
  label: string;
  type: "email" | "password";
  autoComplete: string;
  registration: UseFormRegisterReturn;
  error?: string;
  hint?: string;
};

/** A labelled input of the account forms, with its hint and error wired by aria-describedby; passwords can be shown. */
export function AccountField({ id, label, type, autoComplete, registration, error, hint }: Props) {
  const { t } = useTranslation("account");
  const [shown, setShown] = useState(false);
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(" ") || undefined;
  return (
    <div className="account-field">
      <label className="account-field__label" htmlFor={id}>
        {label}
      </label>
      {hint && (
        <p className="account-field__hint" id={hintId}>
          {hint}
        </p>
      )}
      <div className="account-field__control">
        <input
          {...registration}
          id={id}
          className="account-field__input"
          type={type === "password" && shown ? "text" : type}
          autoComplete={autoComplete}
          spellCheck={false}
          autoCapitalize="none"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
        />
        {type === "password" && (
          <button
            type="button"
            className="account-field__reveal"
            aria-pressed={shown}
            aria-controls={id}
            onClick={() => setShown((s) => !s)}
          >
            {t("form.showPassword")}
          </button>
        )}
      </div>
      {error && (
        <p className="account-field__error" id={errorId}>
          {error}
        </p>
      )}
    </div>
  );
}
