import { useId, useMemo } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { Module, PageData, SiteData } from "../../lib/api/types";
import { evaluateCondition } from "../../lib/content/condition";
import { ListingCardList, listingCardSizes } from "../../features/search/ListingCardList";
import { gridClasses } from "./grid";
import { ModuleItemView } from "./ModuleItemView";
import "./modules.css";

type Props = { modules: Module[]; page: PageData; site: SiteData };

/** The config modules of a page on a 12-column grid, in position order, those whose rule holds. */
export function Modules({ modules, page, site }: Props) {
  const shown = useMemo(
    () => modules.filter((m) => evaluateCondition(m.condition, page)).sort((a, b) => a.position - b.position),
    [modules, page],
  );
  if (shown.length === 0) return null;
  return (
    <div className="modules">
      {shown.map((module) => (
        <ModuleBlock key={module.id} module={module} page={page} site={site} />
      ))}
    </div>
  );
}

function ModuleBlock({ module, page, site }: { module: Module; page: PageData; site: SiteData }) {
  const { t } = useTranslation("pages");
  const headingId = useId();
  const single = module.view === "single-view";
  // single-view shows one item large; the server already cut the list to maxItems.
  const featured = single ? module.items[0] : undefined;
  const itemLevel = module.title ? 3 : 2;
  const className = ["modules__item", `module module--${single ? "single" : "list"}`, ...gridClasses(module)].join(" ");
  const body = (
    <>
      {module.title && (
        <h2 id={headingId} className="module__title">
          {module.title}
        </h2>
      )}
      {module.description && <p className="module__description">{module.description}</p>}
      {module.listings && module.listings.cards.length > 0 && (
        <>
          <ListingCardList cards={module.listings.cards} level={itemLevel} sizes={listingCardSizes.module} />
          <p className="module__all">
            <Link to={module.listings.path}>{t(module.listings.goal === "sale" ? "modules.allForSale" : "modules.allForRent")}</Link>
          </p>
        </>
      )}
      {featured && <ModuleItemView item={featured} large level={itemLevel} lang={page.lang} site={site} />}
      {!single && module.items.length > 0 && (
        <ul className="module__list">
          {module.items.map((item, i) => (
            <li key={`${item.type}:${item.path || i}`} className="module__list-item">
              <ModuleItemView item={item} level={itemLevel} lang={page.lang} site={site} />
            </li>
          ))}
        </ul>
      )}
    </>
  );
  return module.title ? (
    <section className={className} aria-labelledby={headingId} data-module={module.id}>
      {body}
    </section>
  ) : (
    <div className={className} data-module={module.id}>
      {body}
    </div>
  );
}
