import { useId, useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import type { NewPasswordRequest } from "../../lib/api/account";
import { AccountAlert, FailureAlert } from "../../features/account/AccountAlert";
import { AccountField } from "../../features/account/AccountField";
import { failureOf, type Failure } from "../../features/account/failure";
import { ApiError, request } from "../../app/api";
import { accountPath } from "../../features/account/paths";
import type { PageProps } from "../props";
import { useFragmentToken } from "./token";
import "../../features/account/account.css";
import { ScriptGate } from "../../app/ScriptGate";

type Values = { password: string; passwordConfirm: string };

/** The server's rule too (accounts package): shorter passwords are refused. */
export const minLength = 8;

type Answer = { redirect?: string };

/**
 * Chooses a new password with the emailed token, read from the address's
 * fragment (which no server log or Referer sees) and then removed from it.
 */
export function PasswordResetPage({ site, page }: PageProps) {
  const { t } = useTranslation("account");
  const navigate = useNavigate();
  const id = useId();
  // null until read from the address, which it then leaves (useFragmentToken).
  const token = useFragmentToken();
  const [deadLink, setDeadLink] = useState("");
  const [failure, setFailure] = useState<{ attempt: number; failure: Failure } | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<Values>({ defaultValues: { password: "", passwordConfirm: "" } });
  const fail = (f: Failure) => setFailure((prev) => ({ attempt: (prev?.attempt ?? 0) + 1, failure: f }));

  const askNew = accountPath(site, page.lang, "/password-forgotten/");

  const onSubmit = async (values: Values) => {
    const body: NewPasswordRequest = { token: token ?? "", ...values, lang: page.lang };
    try {
      const answer = await request<Answer>("/api/account/password", { method: "POST", body, csrf: true });
      if (typeof answer.redirect === "string") void navigate(answer.redirect);
      else fail({ text: t("form.error") });
    } catch (err) {
      if (err instanceof ApiError && err.status === 400) {
        setDeadLink(err.body.message || t("reset.badLink"));
        return;
      }
      if (err instanceof ApiError && err.status === 422) {
        for (const [field, message] of Object.entries(err.body.errors)) {
          if (field === "password" || field === "passwordConfirm") setError(field, { message });
        }
        fail({ text: err.body.message || t("reset.invalid") });
        return;
      }
      fail(failureOf(err, t));
    }
  };

  const title = <h1 className="account-page__title">{page.title || t("reset.title")}</h1>;
  if (token === null) {
    // The server's render, and the browser's until the token is read: the page says nothing yet.
    return <div className="container account-page password-reset-page">{title}</div>;
  }
  if (!token || deadLink) {
    return (
      <div className="container account-page password-reset-page">
        {title}
        <AccountAlert tone={deadLink ? "error" : "info"} focus={Boolean(deadLink)}>
          <p className="account-alert__text">{deadLink || t("reset.noToken")}</p>
        </AccountAlert>
        <p className="account-page__back">
          <Link to={askNew}>{t("reset.askNew")}</Link>
        </p>
      </div>
    );
  }

  return (
    <div className="container account-page password-reset-page">
      {title}
      <form className="account-form" noValidate onSubmit={handleSubmit(onSubmit)}>
        <ScriptGate>
          {failure && <FailureAlert key={failure.attempt} failure={failure.failure} />}
          <AccountField
            id={`${id}-password`}
            label={t("reset.password")}
            type="password"
            autoComplete="new-password"
            hint={t("reset.hint", { count: minLength })}
            registration={register("password", {
              required: t("form.required"),
              minLength: { value: minLength, message: t("reset.tooShort", { count: minLength }) },
            })}
            error={errors.password?.message}
          />
          <AccountField
            id={`${id}-confirm`}
            label={t("reset.passwordConfirm")}
            type="password"
            autoComplete="new-password"
            registration={register("passwordConfirm", {
              required: t("form.required"),
              validate: (value, all) => value === all.password || t("reset.mismatch"),
            })}
            error={errors.passwordConfirm?.message}
          />
          <div className="account-form__actions">
            <button type="submit" className="button account-form__button" disabled={isSubmitting}>
              {isSubmitting ? t("form.sending") : t("reset.submit")}
            </button>
          </div>
        </ScriptGate>
      </form>
    </div>
  );
}
