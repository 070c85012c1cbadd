import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import type { Agency, Lang } from "../../lib/api/types";
import { pickText } from "../../lib/content/text";
import { agencyAddress } from "./AgentCard";

/**
 * The brochure's foot: the agency's logo, name, address, phone and e-mail,
 * and the page's address with a QR code to it, so a printed sheet leads
 * back to the listing. Only on paper; the screen has the contact card.
 */
export function PrintAgency({ agency, url, lang }: { agency: Agency; url: string; lang: Lang }) {
  const { t } = useTranslation("property");
  const parts = [agencyAddress(agency.address), agency.phone, agency.email].filter(Boolean);
  const qr = useQrCode(url);
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
      {qr && <img className="property-print-agency__qr" src={qr} width={96} height={96} alt={t("brochure.qr", { url })} />}
    </footer>
  );
}

/**
 * A QR code to url as an SVG data address (no request; the CSP's img-src
 * allows data:), made in the browser once the page is idle: only paper shows
 * it, so neither the server's render nor the page's first bytes carry it.
 */
function useQrCode(url: string): string | null {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    const make = () =>
      void import("uqr").then(({ renderSVG }) => {
        if (live) setSrc(`data:image/svg+xml,${encodeURIComponent(renderSVG(url, { border: 1 }))}`);
      });
    const idle = window.requestIdleCallback ? window.requestIdleCallback(make, { timeout: 3000 }) : window.setTimeout(make, 1000);
    return () => {
      live = false;
      if (window.cancelIdleCallback) window.cancelIdleCallback(idle);
      else window.clearTimeout(idle);
    };
  }, [url]);
  return src;
}
