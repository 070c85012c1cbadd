import { useId, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { PropertyDetail } from "../../lib/api/types";
import { SiteContext } from "../../app/context";
import { AcquisitionCostCalculator } from "../../features/calculator";
import { PhotoGallery } from "../../features/gallery/PhotoGallery";
import { DetailMap } from "../../features/map/DetailMap";
import { PropertyVideos } from "../../features/media/PropertyVideos";
import { SearchTrail } from "../../features/trail/SearchTrail";
import type { PageProps } from "../props";
import { AgentCard } from "./AgentCard";
import { DocumentsSection } from "./DocumentsSection";
import { EnergySection } from "./EnergySection";
import { FieldGroupSection } from "./FieldGroupSection";
import { LegalMentions } from "./LegalMentions";
import { formatters } from "./format";
import { fieldGroups, type GroupId } from "./groups";
import { canonicalUrl } from "./canonical";
import { PropertyFacts, PropertyKeyFacts } from "./PropertyFacts";
import { PropertyLocation } from "./PropertyLocation";
import { PhoneBar } from "./PhoneBar";
import { contactPhone } from "./phoneBar";
import { PrintAgency } from "./PrintAgency";
import { PropertyStateNotice } from "./PropertyStates";
import { RequestActions } from "./RequestActions";
import { RequestDialog } from "./RequestDialog";
import { requestKinds, type RequestKind } from "./requests";
import { ShareActions } from "./ShareActions";
import { favouriteOfDetail } from "../../features/favourites/snapshot";
import { SimilarProperties } from "./SimilarProperties";
import "./property.css";
import "./print.css";

/** The full description without its first paragraph when that only repeats the title. */
function descriptionOf(p: PropertyDetail, title: string): string[] {
  const paragraphs = p.paragraphs.length > 0 ? p.paragraphs : p.description ? [p.description] : [];
  const first = paragraphs[0]?.trim().toLowerCase();
  return first && (first === title.trim().toLowerCase() || first === p.title.trim().toLowerCase()) ? paragraphs.slice(1) : paragraphs;
}


/** A listing's detail: facts, photos, description, grouped fields, energy, documents, place, requests, contact, sharing. */
export function PropertyPage({ site, page }: PageProps) {
  const property = page.property;
  if (!property) {
    return (
      <article className="content-page container property-page">
        <h1 className="content-page__title">{page.title}</h1>
      </article>
    );
  }
  return <PropertyDetailView site={site} page={page} property={property} />;
}

function PropertyDetailView({ site, page, property: p }: PageProps & { property: PropertyDetail }) {
  const { t } = useTranslation("property");
  const descriptionId = useId();
  const title = page.title || p.title;
  const url = canonicalUrl(site.baseUrl, page.path);
  const groups = useMemo(() => {
    const list = fieldGroups(p, t, formatters(page.lang));
    return (id: GroupId) => list.find((g) => g.id === id);
  }, [p, t, page.lang]);
  const paragraphs = descriptionOf(p, title);
  const similar = page.similar ?? [];
  const [request, setRequest] = useState<RequestKind | null>(null);
  const kinds = requestKinds(p);
  const opener = (kind: RequestKind) => (kinds.includes(kind) ? () => setRequest(kind) : undefined);
  const requestsRef = useRef<HTMLElement>(null);

  if (p.withdrawn) {
    return (
      <article className="content-page container property-page property-page--withdrawn">
        <PropertyFacts property={p} title={title} lang={page.lang} />
        <PropertyKeyFacts property={p} lang={page.lang} />
        <PropertyStateNotice property={p} />
        <SimilarProperties cards={similar} title={t("similar.instead")} />
        <AgentCard agent={p.agent} agency={site.agency} />
      </article>
    );
  }

  return (
    <article className="content-page container property-page">
      <SearchTrail id={p.id} lang={page.lang} />
      <PropertyFacts property={p} title={title} lang={page.lang} />
      <div className="property-page__layout">
        <div className="property-page__main">
          {/* The first photo comes right under title and price: on a phone it is the first screen's picture. */}
          <div className="property-page__media">
            <PhotoGallery photos={p.photos} title={title} />
          </div>
          <PropertyKeyFacts property={p} lang={page.lang} />
          <PropertyStateNotice property={p} />
          <PropertyVideos videos={p.videos} title={title} />
          {paragraphs.length > 0 && (
            <section className="property-page__description" aria-labelledby={descriptionId}>
              <h2 className="property-group__title" id={descriptionId}>
                {t("description")}
              </h2>
              {paragraphs.map((text, i) => (
                <p key={i}>{text}</p>
              ))}
            </section>
          )}
          <FieldGroupSection group={groups("price")} />
          {p.goal === "sale" && p.status !== "sold" && site.calculator && (
            <div className="property-page__calculator">
              <AcquisitionCostCalculator
                price={p.price.amount}
                region={p.energy.region}
                lang={page.lang}
                rates={site.calculator}
                statedNotary={p.costs.notaryFee ? { fee: p.costs.notaryFee, vat: p.costs.notaryFeeVat } : undefined}
              />
            </div>
          )}
          <FieldGroupSection group={groups("surfaces")} />
          <FieldGroupSection group={groups("layout")} />
          <EnergySection energy={p.energy} lang={page.lang} mentions={p.mentions} />
          <LegalMentions mentions={p.mentions} lang={page.lang} />
          <FieldGroupSection group={groups("legal")} />
          <FieldGroupSection group={groups("comfort")} features={p.features} />
          <FieldGroupSection group={groups("viager")} />
          <FieldGroupSection group={groups("availability")} />
          <DocumentsSection property={p} onRequest={opener("documents")} />
          <PropertyLocation property={p} lang={page.lang}>
            {/* The shell provides the site too; this keeps the page whole wherever it is rendered alone. */}
            <SiteContext.Provider value={site}>
              <DetailMap geo={p.geo} title={title} />
            </SiteContext.Provider>
          </PropertyLocation>
        </div>
        <aside className="property-page__aside" aria-label={t("aside")}>
          <RequestActions kinds={kinds} onRequest={setRequest} ref={requestsRef} />
          <AgentCard agent={p.agent} agency={site.agency} />
          <ShareActions title={title} url={url} onFriend={opener("friend")} favourite={favouriteOfDetail(p, title, page.path)} />
        </aside>
      </div>
      <SimilarProperties cards={similar} />
      <PrintAgency agency={site.agency} url={url} lang={page.lang} />
      {/* Before the dialog: the dialog stays the page's last element, over everything. */}
      <PhoneBar
        phone={contactPhone(p.agent, site.agency)}
        whatsapp={site.agency.whatsappHref}
        onAsk={opener("info")}
        requests={requestsRef}
        dialogOpen={request !== null}
      />
      <RequestDialog kind={request} property={p} title={title} lang={page.lang} onClose={() => setRequest(null)} />
    </article>
  );
}
