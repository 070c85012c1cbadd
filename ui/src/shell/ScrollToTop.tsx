import { useTranslation } from "react-i18next";
import { Icon } from "../lib/icons/Icon";
import { showsScrollTop, useScroll } from "./scroll";
import { animateScrollTo } from "./smoothScroll";
import { prefersReducedMotion } from "./useReducedMotion";
import "./ScrollToTop.css";

/** The id of the element at the very top of the app that receives focus after scrolling up. */
export const topAnchorId = "top";

/** A button that appears from 10 px of scroll and brings the visitor (and focus) back to the top. */
export function ScrollToTop() {
  const { t } = useTranslation("common");
  const shown = useScroll(showsScrollTop);
  if (!shown) return null;
  const onClick = async () => {
    if (prefersReducedMotion()) window.scrollTo(0, 0);
    else await animateScrollTo(0);
    // Keyboard users continue from the top instead of from the page's end.
    document.getElementById(topAnchorId)?.focus({ preventScroll: true });
  };
  return (
    <button type="button" className="scroll-top" onClick={onClick} aria-label={t("scrollToTop")}>
      <Icon name="arrowUp" size={22} />
    </button>
  );
}
