import { useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { RequestButton } from "./RequestActions";

type Props = { title: string; url: string; onFriend?: () => void };

/** Share, copy the link, send it to a friend, print the brochure. */
export function ShareActions({ title, url, onFriend }: Props) {
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
        {canShare && (
          <li>
            <button type="button" className="property-button" onClick={share}>
              {t("share.share")}
            </button>
          </li>
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
