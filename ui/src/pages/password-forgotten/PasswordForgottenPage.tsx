import { useId, useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { ResetRequest } from "../../lib/api/account";
import { AccountAlert, FailureAlert } from "../../features/account/AccountAlert";
import { AccountField } from "../../features/account/AccountField";
import { failureOf, type Failure } from "../../features/account/failure";
import { request } from "../../app/api";
import { accountPath } from "../../features/account/paths";
import type { PageProps } from "../props";
import "../../features/account/account.css";
import { ScriptGate } from "../../app/ScriptGate";

type Values = { email: string };

// Enough to catch a typo; the server decides the rest, and answers the same for every address.
const emailShape = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Asks for a reset link by email; the answer never tells whether the address has an account. */
export function PasswordForgottenPage({ site, page }: PageProps) {
  const { t } = useTranslation("account");
  const id = useId();
  const [sent, setSent] = useState(false);
  const [failure, setFailure] = useState<{ attempt: number; failure: Failure } | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<Values>({ defaultValues: { email: "" } });
  const fail = (f: Failure) => setFailure((prev) => ({ attempt: (prev?.attempt ?? 0) + 1, failure: f }));

  const onSubmit = async ({ email }: Values) => {
    const body: ResetRequest = { email: email.trim(), lang: page.lang };
    try {
      await request("/api/account/password-reset", { method: "POST", body, csrf: true });
      setSent(true);
    } catch (err) {
      fail(failureOf(err, t));
    }
  };

  return (
    <div className="container account-page password-forgotten-page">
      <h1 className="account-page__title">{page.title || t("forgotten.title")}</h1>
      {sent ? (
        <AccountAlert tone="success" focus>
          <p className="account-alert__text">{t("forgotten.sent")}</p>
        </AccountAlert>
      ) : (
        <form className="account-form" noValidate onSubmit={handleSubmit(onSubmit)}>
          <ScriptGate>
            <p className="account-form__intro">{t("forgotten.intro")}</p>
            {failure && <FailureAlert key={failure.attempt} failure={failure.failure} />}
            <AccountField
              id={`${id}-email`}
              label={t("form.email")}
              type="email"
              autoComplete="email"
              registration={register("email", {
                required: t("form.required"),
                pattern: { value: emailShape, message: t("form.emailInvalid") },
              })}
              error={errors.email?.message}
            />
            <div className="account-form__actions">
              <button type="submit" className="button account-form__button" disabled={isSubmitting}>
                {isSubmitting ? t("form.sending") : t("forgotten.submit")}
              </button>
            </div>
          </ScriptGate>
        </form>
      )}
      <p className="account-page__back">
        <Link to={accountPath(site, page.lang, "/login/")}>{t("forgotten.backToLogin")}</Link>
      </p>
    </div>
  );
}
