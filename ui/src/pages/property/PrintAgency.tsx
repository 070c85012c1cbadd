import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { renderSVG } from "uqr";
import type { Agency, Lang } from "../../api/types";
import { pickText } from "../../content/text";
import { agencyAddress } from "./AgentCard";

/**
 * The brochure's foot: the agency's logo, name, address, phone and e-mail,
 * and the page's address with a QR code to it, so a printed sheet leads
 * back to the listing. Only on paper; the screen has the contact card.
 */
export function PrintAgency({ agency, url, lang }: { agency: Agency; url: string; lang: Lang }) {
  const { t } = useTranslation("property");
  const parts = [agencyAddress(agency.address), agency.phone, agency.email].filter(Boolean);
  // An SVG as a data address: the same bytes on the server and in the browser, no request, allowed by the CSP's img-src.
  const qr = useMemo(() => `data:image/svg+xml,${encodeURIComponent(renderSVG(url, { border: 1 }))}`, [url]);
  return (
    <footer className="property-print-agency">
      <div className="property-print-agency__contact">
        {agency.logo.src && (
          <img className="property-print-agency__logo" src={agency.logo.src} width={agency.logo.width} height={agency.logo.height} alt={pickText(agency.logo.alt, lang) || agency.name} />
        )}
        <p>
          <strong>{agency.name}</strong>
          {parts.map((part) => (
            <span key={part}> · {part}</span>
          ))}
        </p>
        <p className="property-print-agency__url">{url}</p>
      </div>
      <img className="property-print-agency__qr" src={qr} width={96} height={96} alt={t("brochure.qr", { url })} />
    </footer>
  );
}
