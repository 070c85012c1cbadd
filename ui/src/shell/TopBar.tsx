import { useTranslation } from "react-i18next";
import type { TopBarItem } from "../lib/api/types";
import { useLang, useSite } from "../app/context";
import { useCssProperties } from "../app/useCssProperties";
import { pickText } from "../lib/content/text";
import { SmartLink } from "./SmartLink";
import { Icon, hasIcon } from "../lib/icons/Icon";
import { visibleTopBarItems } from "./menu";
import { FavouritesLink } from "../features/favourites/FavouritesLink";
import "./TopBar.css";

/** An item's icon, in its configured colour once mounted: the CSP refuses style attributes in the server's HTML. */
function TopBarIcon({ name, color }: { name: string; color?: string }) {
  const ref = useCssProperties<SVGSVGElement>({ color });
  return <Icon name={name} size={16} ref={ref} />;
}

function TopBarGroup({ items, side }: { items: TopBarItem[]; side: "left" | "right" }) {
  const lang = useLang();
  const { t } = useTranslation("common");
  if (items.length === 0) return null;
  return (
    <ul className={`topbar__group topbar__group--${side}`}>
      {items.map((item, i) => {
        const label = pickText(item.label, lang);
        return (
          <li key={`${item.link}-${i}`}>
            <SmartLink to={item.link} className="topbar__link">
              {hasIcon(item.icon) && <TopBarIcon name={item.icon} color={item.color} />}
              {label ? <span>{label}</span> : <span className="visually-hidden">{t(`topBar.icon.${item.icon}`, item.link)}</span>}
            </SmartLink>
          </li>
        );
      })}
    </ul>
  );
}

/** The thin bar above the header with the agency's contact and social links, and the favourites when the header asks. */
export function TopBar({ favourites = false }: { favourites?: boolean }) {
  const { topBar } = useSite();
  const left = visibleTopBarItems(topBar.left);
  const right = visibleTopBarItems(topBar.right);
  if (left.length === 0 && right.length === 0 && !favourites) return null;
  return (
    <div className="topbar">
      <div className="container container--wide topbar__inner">
        <TopBarGroup items={left} side="left" />
        <TopBarGroup items={right} side="right" />
        {favourites && <FavouritesLink variant="text" className="topbar__link topbar__favourites" />}
      </div>
    </div>
  );
}
