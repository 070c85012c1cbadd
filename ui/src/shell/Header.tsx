import { memo, useLayoutEffect, useRef, useState } from "react";
import { usePage, useSite } from "../app/context";
import { hasBannerMedia } from "./bannerImages";
import { useDevice } from "./device";
import { FavouritesLink } from "../features/favourites/FavouritesLink";
import { QuickSearch } from "../features/quicksearch/QuickSearch";
import { LanguageSwitcher } from "./LanguageSwitcher";
import { Logo } from "./Logo";
import { MainMenu } from "./MainMenu";
import { MobileMenu } from "./MobileMenu";
import { TopBar } from "./TopBar";
import { isScrolled, useScroll } from "./scroll";
import "./Header.css";

// The header renders again right after hydration (its height measured, the
// device class known), and on every scroll past the threshold: the parts
// that do not depend on either are kept as they are, not rendered again
// with every menu link.
const HeaderTopBar = memo(TopBar);
const HeaderLogo = memo(Logo);
const HeaderMainMenu = memo(MainMenu);
const HeaderQuickSearch = memo(QuickSearch);
const HeaderLanguageSwitcher = memo(LanguageSwitcher);
const HeaderMobileMenu = memo(MobileMenu);
const HeaderFavourites = memo(FavouritesLink);

/**
 * The site header. At the top it is in the page's flow (solid), or absolute
 * and transparent over the home banner; past 30 px of scroll it is fixed and
 * compact. Its slot keeps the height the header had in the flow, so turning
 * fixed moves no content, whatever height the configured menu gives it.
 */
export function Header() {
  const site = useSite();
  const page = usePage();
  const device = useDevice();
  const scrolled = useScroll(isScrolled);
  const headerRef = useRef<HTMLElement>(null);
  const [flowHeight, setFlowHeight] = useState<number | null>(null);
  const home = page.view === "home";
  const overlay = home && hasBannerMedia(site.banner);
  const inFlow = !overlay && !scrolled;
  // A desktop menu can fill the bar: where the top bar shows, the favourites
  // sit in it, and come into the bar once scrolled, where the compact logo
  // leaves room.
  const favouritesInTopBar = device.topBarShow && !scrolled;

  useLayoutEffect(() => {
    const header = headerRef.current;
    if (!header || !inFlow) return;
    const measure = () => setFlowHeight(header.offsetHeight);
    measure();
    if (typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver(measure);
    observer.observe(header);
    return () => observer.disconnect();
  }, [inFlow]);

  const { logoPosition, hideLogoOnHomeUntilScroll } = site.header;
  const cls = [
    "header",
    `header--logo-${logoPosition}`,
    overlay && !scrolled && "header--overlay",
    scrolled && "header--fixed",
  ]
    .filter(Boolean)
    .join(" ");
  return (
    <div className="header-slot" style={overlay || flowHeight === null ? undefined : { minHeight: flowHeight }}>
      <header ref={headerRef} className={cls}>
        {device.topBarShow && !scrolled && <HeaderTopBar favourites={favouritesInTopBar} />}
        <div className="container container--wide header__bar">
          <div className="header__logo">
            <HeaderLogo compact={scrolled} hidden={home && hideLogoOnHomeUntilScroll && !scrolled} />
          </div>
          <div className="header__nav">
            <HeaderMainMenu />
          </div>
          <div className="header__tools">
            <HeaderQuickSearch />
            {!favouritesInTopBar && <HeaderFavourites />}
            <HeaderLanguageSwitcher />
            <HeaderMobileMenu />
          </div>
        </div>
      </header>
    </div>
  );
}
