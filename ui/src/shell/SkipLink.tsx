import type { MouseEvent } from "react";
import { useTranslation } from "react-i18next";

export const mainId = "main";

/** The first stop of the tab order: jumps past the header to the page's content. */
export function SkipLink() {
  const { t } = useTranslation("common");
  // The router would treat a fragment link as a navigation; moving focus is all that is needed.
  const onClick = (e: MouseEvent<HTMLAnchorElement>) => {
    const main = document.getElementById(mainId);
    if (!main) return;
    e.preventDefault();
    main.focus({ preventScroll: true });
    main.scrollIntoView();
  };
  return (
    <a className="skip-link" href={`#${mainId}`} onClick={onClick}>
      {t("skipLink")}
    </a>
  );
}
