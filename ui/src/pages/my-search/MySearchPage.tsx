import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { LogoutButtons } from "../../features/account/LogoutButtons";
import { accountPath } from "../../features/account/paths";
import type { PageProps } from "../props";
import { AlertStatus, type AlertChange } from "./AlertStatus";
import { CriteriaForm } from "./CriteriaForm";
import { useDemand } from "./useDemand";
import "./my-search.css";

type Notice = { tone: "done" | "failed"; text: string; n: number };

/** The searcher's own screen: the alert mails' status, the criteria to change, logging out. */
export function MySearchPage({ site, page }: PageProps) {
  const { t } = useTranslation("search-profile");
  const lang = page.lang;
  const loginBase = useMemo(() => accountPath(site, lang, "/login/"), [site, lang]);
  const { load, retry, save, setPaused, unsubscribe } = useDemand(lang, loginBase);
  const [notice, setNotice] = useState<Notice | null>(null);
  // A count in the key renders the same message again as a new one, so it is read out again.
  const tell = (tone: Notice["tone"], text: string) => setNotice((prev) => ({ tone, text, n: (prev?.n ?? 0) + 1 }));

  return (
    <div className="container my-search">
      <h1 className="my-search__title">{page.title}</h1>
      {/* Both regions are on the page from the start, so what appears in them is announced. */}
      <div className="my-search__notice" role="status" aria-live="polite">
        {notice?.tone === "done" && (
          <p key={notice.n} className="my-search__notice-text my-search__notice-text--done">
            {notice.text}
          </p>
        )}
      </div>
      <div className="my-search__notice" role="alert">
        {notice?.tone === "failed" && (
          <p key={notice.n} className="my-search__notice-text my-search__notice-text--failed">
            {notice.text}
          </p>
        )}
      </div>
      {load.status === "loading" && (
        <p className="my-search__loading" aria-busy="true">
          {t("loading")}
        </p>
      )}
      {load.status === "error" && (
        <div className="my-search__problem" role="alert">
          <p>{t("error.load")}</p>
          <button type="button" className="button" onClick={retry}>
            {t("error.retry")}
          </button>
        </div>
      )}
      {load.status === "forbidden" && (
        <div className="my-search__problem">
          <p>{t("forbidden.text")}</p>
          <p>
            {load.home ? (
              <Link to={load.home}>{t("forbidden.home")}</Link>
            ) : (
              <Link to={loginBase}>{t("forbidden.login")}</Link>
            )}
          </p>
        </div>
      )}
      {load.status === "ok" && (
        <>
          <p className="my-search__intro">{t("intro", { email: load.demand.email })}</p>
          <AlertStatus
            demand={load.demand}
            setPaused={setPaused}
            unsubscribe={unsubscribe}
            onChanged={(change: AlertChange) => tell("done", t(`done.${change}`))}
            onFailed={(message) => tell("failed", message || t("error.action"))}
          />
          <CriteriaForm demand={load.demand} lang={lang} save={save} onSaved={() => tell("done", t("done.saved"))} />
          <section className="my-search__account" aria-label={t("account")}>
            <LogoutButtons lang={lang} />
          </section>
        </>
      )}
    </div>
  );
}
