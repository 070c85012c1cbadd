import { useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import { useTranslation } from "react-i18next";
import type { MenuItem } from "../lib/api/types";
import { useLang, usePage, useRouteTable, useSite } from "../app/context";
import { pickText } from "../lib/content/text";
import { SmartLink } from "./SmartLink";
import { Icon } from "../lib/icons/Icon";
import { useDeviceClassChange } from "./device";
import { trapTab } from "../lib/dom/focusTrap";
import { FavouritesLink } from "../features/favourites/FavouritesLink";
import { useMenuItems } from "./useMenuItems";
import "./MobileMenu.css";

const contactDemand = "/contact-demand/";

function MobileEntry({ item, isCurrent }: { item: MenuItem; isCurrent: (item: MenuItem) => boolean }) {
  const lang = useLang();
  return (
    <li>
      <SmartLink to={item.path} className="mobile-menu__link" aria-current={isCurrent(item) ? "page" : undefined}>
        {pickText(item.title, lang)}
      </SmartLink>
      {item.children.length > 0 && (
        <ul className="mobile-menu__sub">
          {item.children.map((child) => (
            <MobileEntry key={child.id} item={child} isCurrent={isCurrent} />
          ))}
        </ul>
      )}
    </li>
  );
}

/**
 * The menu below desktop width: a toggle button controlling a panel. While
 * open, Tab stays inside the button and the panel, Escape closes it and
 * focus returns to the button.
 */
export function MobileMenu() {
  const { t } = useTranslation("common");
  const site = useSite();
  const lang = useLang();
  const table = useRouteTable();
  const { path } = usePage();
  const { items, isCurrent } = useMenuItems();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const wrapperRef = useRef<HTMLDivElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);

  useEffect(() => setOpen(false), [path]);
  useDeviceClassChange(() => setOpen(false));
  useEffect(() => {
    document.documentElement.classList.toggle("has-open-menu", open);
    return () => document.documentElement.classList.remove("has-open-menu");
  }, [open]);

  const demandPath = table.localize(contactDemand, lang);
  const showDemand =
    site.header.contactDemandInMobileMenu && demandPath !== null && !items.some((i) => i.path === contactDemand);

  const onKeyDown = (e: KeyboardEvent) => {
    if (!open || !wrapperRef.current) return;
    if (e.key === "Escape") {
      e.preventDefault();
      setOpen(false);
      toggleRef.current?.focus();
    } else if (e.key === "Tab" && trapTab(wrapperRef.current, e.shiftKey, document.activeElement)) {
      e.preventDefault();
    }
  };

  return (
    <div className="mobile-menu" ref={wrapperRef} onKeyDown={onKeyDown}>
      <button
        ref={toggleRef}
        type="button"
        className="mobile-menu__toggle"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((o) => !o)}
      >
        <Icon name={open ? "close" : "menu"} size={24} />
        <span>{t("mobileMenu.label")}</span>
      </button>
      <div id={panelId} className="mobile-menu__panel" hidden={!open}>
        <nav aria-label={t("mobileMenu.navLabel")}>
          <ul className="mobile-menu__list">
            {items.map((item) => (
              <MobileEntry key={item.id} item={item} isCurrent={isCurrent} />
            ))}
            {showDemand && (
              <li>
                <SmartLink to={contactDemand} className="mobile-menu__link mobile-menu__link--demand">
                  {t("contactDemand")}
                </SmartLink>
              </li>
            )}
            {/* Only where the bar has no room for the header's heart (favourites.css). */}
            <li className="mobile-menu__favourites">
              <FavouritesLink variant="text" className="mobile-menu__link" />
            </li>
          </ul>
        </nav>
      </div>
    </div>
  );
}
