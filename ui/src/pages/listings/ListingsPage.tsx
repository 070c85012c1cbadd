import { lazy } from "react";
import { ContentBody } from "../content/ContentBody";
import { Modules } from "../modules/Modules";
import type { PageProps } from "../props";
import { FavouriteButton } from "../../features/favourites/FavouriteButton";
import { ListingsSearch } from "../../features/search/ListingsSearch";
import "../content/content.css";

type Goal = "sale" | "rent";

// Leaflet and the map code load only when a visitor picks the map.
const ResultsMap = lazy(() => import("../../features/map"));

function ListingsPage({ site, page, goal }: PageProps & { goal: Goal }) {
  return (
    <div className={`content-page container listings-page listings-page--${goal}`}>
      <h1 className="content-page__title">{page.title}</h1>
      <ListingsSearch
        lang={page.lang}
        goal={goal}
        map={site.map}
        typeTree={page.typeTree}
        townZips={page.townZips}
        mapView={ResultsMap}
        favouriteButton={FavouriteButton}
      />
      {/* The listings come first on a phone's screen; the page's introduction follows them. */}
      <ContentBody content={page.content} />
      <Modules modules={page.content?.modules ?? []} page={page} site={site} />
    </div>
  );
}

export function ForSalePage(props: PageProps) {
  return <ListingsPage {...props} goal="sale" />;
}

export function ForRentPage(props: PageProps) {
  return <ListingsPage {...props} goal="rent" />;
}
