import { useId } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { OwnerPropertyDetail } from "../../lib/api/account";
import { AccountAlert } from "../../features/account/AccountAlert";
import { Figures } from "./Figures";
import { LastDays } from "./LastDays";
import { Loading, LoadFailed } from "./LoadState";
import { platformOf } from "./platform";
import { PlatformSection } from "./PlatformSection";
import { Appointments, Documents, History, RequestKinds, Sources } from "./Sections";
import { useOwnerProperty } from "./useOwnerData";

/** One property: this site's visit counts, 30-day chart and sources, the listing platform's statistics, appointments,
 * requests per kind, history and documents. */
export function PropertyStats({ id, lang, loginBase }: { id: number; lang: string; loginBase: string }) {
  const { t } = useTranslation("account");
  const { load, retry } = useOwnerProperty(id, lang, loginBase);
  if (load.status === "loading") return <Loading />;
  if (load.status === "error") return <LoadFailed message={load.message} retry={retry} />;
  if (load.status === "not-found") {
    return (
      <section className="owner-portal__missing">
        <AccountAlert tone="error">
          <h2 className="owner-portal__heading">{load.message || t("portal.notFound")}</h2>
        </AccountAlert>
        <p>
          <Link to={{ search: "" }}>{t("portal.backToAll")}</Link>
        </p>
      </section>
    );
  }
  return <PropertyView detail={load.data} lang={lang} />;
}

function PropertyView({ detail, lang }: { detail: OwnerPropertyDetail; lang: string }) {
  const { t } = useTranslation("account");
  const id = useId();
  const { property } = detail;
  const platform = platformOf(detail);
  return (
    <article className="owner-portal__property" aria-labelledby={`${id}-title`}>
      <header className="owner-portal__property-head">
        {property.thumbnail && (
          <img
            className="owner-portal__thumb"
            src={property.thumbnail.url}
            width={property.thumbnail.width}
            height={property.thumbnail.height}
            alt=""
          />
        )}
        <div>
          <h2 id={`${id}-title`} className="owner-portal__heading">
            {property.title}
          </h2>
          <p className="owner-portal__meta">
            {[property.city, t(`portal.status.${property.status}`), property.priceText].filter(Boolean).join(" · ")}
          </p>
          <p className="owner-portal__public">
            {property.url ? <Link to={property.url}>{t("portal.publicPage")}</Link> : t("portal.unpublished")}
          </p>
        </div>
      </header>
      <Figures visits={property.visits} lang={lang} />
      <LastDays days={detail.last30} lang={lang} />
      <Sources sources={detail.sources} lang={lang} />
      {platform && <PlatformSection stats={platform} lang={lang} />}
      <Appointments appointments={detail.appointments} lang={lang} />
      <RequestKinds kinds={detail.kinds} lang={lang} />
      <History history={detail.history} lang={lang} />
      <Documents documents={detail.documents} />
    </article>
  );
}
