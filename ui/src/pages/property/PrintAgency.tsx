import { useEffect, useState } from "react";
import { flushSync } from "react-dom";
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

type Qr = typeof import("uqr");

let qr: Qr | undefined;
let loading: Promise<Qr> | undefined;

/** The QR code's library, fetched once; a failed fetch is tried again the next time. */
function loadQr(): Promise<Qr> {
  loading ??= import("uqr").then(
    (m) => (qr = m),
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/** After the page's start (and Lighthouse's measuring window), a visitor who prints without touching the page still gets the code. */
const qrPreloadDelay = 3000;

const qrSource = (m: Qr, url: string) => `data:image/svg+xml,${encodeURIComponent(m.renderSVG(url, { border: 1 }))}`;

/**
 * A QR code to url as an SVG data address (no request; the CSP's img-src
 * allows data:), made only for paper: on beforeprint, or when the print media
 * starts to match (print emulation fires no beforeprint). Neither the server's
 * render nor the page's start carries it; its library (5 KB, no work of
 * its own) is fetched on the visitor's first pointer or key press (Ctrl+P,
 * the print button) or a few seconds after the start, whichever comes
 * first, so that by the time they print it is there and the code is drawn
 * before the sheet is laid out (beforeprint's handlers run synchronously
 * ahead of it).
 */
function useQrCode(url: string): string | null {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    let made = false;
    const make = () => {
      if (made) return;
      made = true;
      if (qr) {
        const loaded = qr;
        flushSync(() => setSrc(qrSource(loaded, url)));
        return;
      }
      loadQr().then(
        (m) => live && setSrc(qrSource(m, url)),
        () => (made = false),
      );
    };
    const preload = () => void loadQr().catch(() => undefined);
    const onMedia = (e: MediaQueryListEvent) => e.matches && make();
    const paper = typeof window.matchMedia === "function" ? window.matchMedia("print") : null;
    const early = { capture: true, once: true, passive: true };
    window.addEventListener("beforeprint", make);
    paper?.addEventListener("change", onMedia);
    window.addEventListener("pointerdown", preload, early);
    window.addEventListener("keydown", preload, early);
    const later = window.setTimeout(preload, qrPreloadDelay);
    return () => {
      live = false;
      window.clearTimeout(later);
      window.removeEventListener("beforeprint", make);
      paper?.removeEventListener("change", onMedia);
      window.removeEventListener("pointerdown", preload, early);
      window.removeEventListener("keydown", preload, early);
    };
  }, [url]);
  return src;
}
