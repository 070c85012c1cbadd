import { useId, useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useSearchParams } from "react-router";
import type { LoginAnswer, LoginRequest } from "../../lib/api/account";
import type { Lang, SiteData } from "../../lib/api/types";
import { FailureAlert, AccountAlert } from "../../features/account/AccountAlert";
import { AccountField } from "../../features/account/AccountField";
import { failureOf, type Failure } from "../../features/account/failure";
import { ApiError, request } from "../../app/api";
import { accountPath } from "../../features/account/paths";
import { ScriptGate } from "../../app/ScriptGate";

type Values = { email: string; password: string };

/**
 * Email and password, sent to /api/account/login with the page's ?next=;
 * the server answers where to go (next only when it is one of our paths).
 */
export function LoginForm({ site, lang }: { site: SiteData; lang: Lang }) {
  const { t } = useTranslation("account");
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = useId();
  const [failure, setFailure] = useState<{ attempt: number; failure: Failure } | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<Values>({ defaultValues: { email: "", password: "" } });

  const next = params.get("next");
  const notice = params.get("reset") === "1" ? t("login.reset") : params.get("expired") === "1" ? t("login.expired") : "";
  const fail = (f: Failure) => setFailure((prev) => ({ attempt: (prev?.attempt ?? 0) + 1, failure: f }));

  const onSubmit = async ({ email, password }: Values) => {
    const body: LoginRequest = { email: email.trim(), password, lang, ...(next ? { next } : {}) };
    try {
      const answer = await request<Partial<LoginAnswer>>("/api/account/login", { method: "POST", body, csrf: true });
      if (typeof answer.redirect === "string") void navigate(answer.redirect);
      else fail({ text: t("form.error") });
    } catch (err) {
      if (err instanceof ApiError && err.status === 401) {
        fail({ heading: err.body.message || t("login.failedHeading"), text: err.body.detail || t("login.failedDetail") });
        return;
      }
      fail(failureOf(err, t));
    }
  };

  return (
    <form className="account-form login-form" noValidate aria-labelledby={`${id}-title`} onSubmit={handleSubmit(onSubmit)}>
      <ScriptGate>
        <h2 id={`${id}-title`} className="account-form__title">
          {t("login.heading")}
        </h2>
        {notice && <AccountAlert tone="info">{notice}</AccountAlert>}
        {failure && <FailureAlert key={failure.attempt} failure={failure.failure} />}
        <AccountField
          id={`${id}-email`}
          label={t("form.email")}
          type="email"
          autoComplete="username"
          registration={register("email", { required: t("form.required") })}
          error={errors.email?.message}
        />
        <AccountField
          id={`${id}-password`}
          label={t("form.password")}
          type="password"
          autoComplete="current-password"
          registration={register("password", { required: t("form.required") })}
          error={errors.password?.message}
        />
        <div className="account-form__actions">
          <button type="submit" className="button account-form__button" disabled={isSubmitting}>
            {isSubmitting ? t("form.sending") : t("login.submit")}
          </button>
          <Link to={accountPath(site, lang, "/password-forgotten/")}>{t("login.forgot")}</Link>
        </div>
      </ScriptGate>
    </form>
  );
}
