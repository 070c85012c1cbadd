import { useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { FavouriteButton } from "../../features/favourites/FavouriteButton";
import type { Favourite } from "../../features/favourites/store";
import { opensApp } from "../../lib/routing/links";
import { RequestButton } from "./RequestActions";

type Props = { title: string; url: string; onFriend?: () => void; favourite?: Omit<Favourite, "savedAt"> };

/** The addresses that share a page without the browser's share sheet. */
export function shareLinks(title: string, url: string, body: string) {
  return [
    { id: "whatsapp", href: `https://wa.me/?text=${encodeURIComponent(`${title} ${url}`)}` },
    { id: "facebook", href: `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(url)}` },
    { id: "email", href: `mailto:?subject=${encodeURIComponent(title)}&body=${encodeURIComponent(body)}` },
  ] as const;
}

/**
 * Save as favourite, share (the device's share sheet where the browser has
 * one, else WhatsApp, Facebook and e-mail links), copy the link, send it to
 * a friend, print the brochure.
 */
export function ShareActions({ title, url, onFriend, favourite }: Props) {
  const { t } = useTranslation("property");
  const id = useId();
  const [canShare, setCanShare] = useState(false);
  const [message, setMessage] = useState("");

  // Decided after the first render, so the server's HTML and the first client render agree.
  useEffect(() => {
    setCanShare(typeof navigator !== "undefined" && typeof navigator.share === "function");
  }, []);

  const share = async () => {
    try {
      await navigator.share({ title, url });
    } catch {
      // A cancelled share sheet rejects too; there is nothing to tell the visitor.
    }
  };

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setMessage(t("share.copied"));
    } catch {
      setMessage(t("share.copyFailed", { url }));
    }
  };

  return (
    <section className="property-share" aria-labelledby={id}>
      <h2 className="visually-hidden" id={id}>
        {t("share.title")}
      </h2>
      <ul className="property-share__list">
        {favourite && (
          <li>
            <FavouriteButton favourite={favourite} />
          </li>
        )}
        {canShare ? (
          <li>
            <button type="button" className="property-button" onClick={share}>
              {t("share.share")}
            </button>
          </li>
        ) : (
          shareLinks(title, url, t("share.emailBody", { title, url })).map(({ id, href }) => {
            // A mailto: link opens the mail program: a new tab would stay behind empty.
            const newTab = !opensApp(href);
            return (
              <li key={id}>
                <a
                  className="property-button"
                  href={href}
                  target={newTab ? "_blank" : undefined}
                  rel={newTab ? "noopener noreferrer" : undefined}
                >
                  {t(`share.${id}`)}
                  {newTab && <span className="visually-hidden"> {t("share.newTab")}</span>}
                </a>
              </li>
            );
          })
        )}
        <li>
          <button type="button" className="property-button" onClick={copy}>
            {t("share.copy")}
          </button>
        </li>
        {onFriend && (
          <li>
            <RequestButton onClick={onFriend}>{t("share.friend")}</RequestButton>
          </li>
        )}
        <li>
          <button type="button" className="property-button" onClick={() => window.print()}>
            {t("share.print")}
          </button>
        </li>
      </ul>
      <p className="property-share__message" role="status" aria-live="polite">
        {message}
      </p>
    </section>
  );
}
