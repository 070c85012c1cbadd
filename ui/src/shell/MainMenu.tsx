import { useEffect, useId, useRef, useState, type FocusEvent, type KeyboardEvent } from "react";
import { useTranslation } from "react-i18next";
import type { MenuItem } from "../lib/api/types";
import { useLang, usePage } from "../app/context";
import { pickText } from "../lib/content/text";
import { SmartLink } from "./SmartLink";
import { Icon } from "../lib/icons/Icon";
import { useMenuItems } from "./useMenuItems";
import "./MainMenu.css";

interface EntryProps {
  item: MenuItem;
  open: boolean;
  onToggle: (id: string | null) => void;
  isCurrent: (item: MenuItem) => boolean;
}

/** A top-level item; with children, a link plus a disclosure button (WAI-ARIA disclosure navigation pattern). */
function MenuEntry({ item, open, onToggle, isCurrent }: EntryProps) {
  const lang = useLang();
  const { t } = useTranslation("common");
  const subId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const title = pickText(item.title, lang);
  const current = isCurrent(item) ? "page" : undefined;

  if (item.children.length === 0) {
    return (
      <li className="menu__item">
        <SmartLink to={item.path} className="menu__link" aria-current={current}>
          {title}
        </SmartLink>
      </li>
    );
  }

  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === "Escape" && open) {
      e.stopPropagation();
      onToggle(null);
      buttonRef.current?.focus();
    }
  };
  const onBlur = (e: FocusEvent<HTMLLIElement>) => {
    if (open && !e.currentTarget.contains(e.relatedTarget as Node | null)) onToggle(null);
  };
  const childCurrent = item.children.some(isCurrent);
  return (
    <li className={`menu__item menu__item--parent${open ? " menu__item--open" : ""}`} onKeyDown={onKeyDown} onBlur={onBlur}>
      <SmartLink
        to={item.path}
        className={`menu__link${childCurrent ? " menu__link--ancestor" : ""}`}
        aria-current={current}
      >
        {title}
      </SmartLink>
      <button
        ref={buttonRef}
        type="button"
        className="menu__toggle"
        aria-expanded={open}
        aria-controls={subId}
        onClick={() => onToggle(open ? null : item.id)}
      >
        <Icon name="chevron" size={16} />
        <span className="visually-hidden">{t("menu.submenu", { title })}</span>
      </button>
      <ul id={subId} className="menu__sub">
        {item.children.map((child) => (
          <li key={child.id}>
            <SmartLink to={child.path} className="menu__sublink" aria-current={isCurrent(child) ? "page" : undefined}>
              {pickText(child.title, lang)}
            </SmartLink>
          </li>
        ))}
      </ul>
    </li>
  );
}

/** The desktop main menu from config (site.menu). */
export function MainMenu() {
  const { t } = useTranslation("common");
  const { items, isCurrent } = useMenuItems();
  const [openId, setOpenId] = useState<string | null>(null);
  const { path } = usePage();
  useEffect(() => setOpenId(null), [path]);
  if (items.length === 0) return null;
  return (
    <nav className="menu" aria-label={t("menu.label")}>
      <ul className="menu__list">
        {items.map((item) => (
          <MenuEntry key={item.id} item={item} open={openId === item.id} onToggle={setOpenId} isCurrent={isCurrent} />
        ))}
      </ul>
    </nav>
  );
}
