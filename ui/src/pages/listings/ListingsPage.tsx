import { useTranslation } from "react-i18next";
import { ContentPage } from "../content/ContentPage";
import type { PageProps } from "../registry";
import "./listings.css";

type Goal = "sale" | "rent";

function ListingsPage({ goal, ...props }: PageProps & { goal: Goal }) {
  const { t } = useTranslation("pages");
  const count = props.page.counts?.[goal];
  const lead =
    count === undefined ? null : (
      <p className="listings-page__count">{t(goal === "sale" ? "listings.forSale" : "listings.forRent", { count })}</p>
    );
  return <ContentPage {...props} name={`listings-page listings-page--${goal}`} lead={lead} />;
}

export function ForSalePage(props: PageProps) {
  return <ListingsPage {...props} goal="sale" />;
}

export function ForRentPage(props: PageProps) {
  return <ListingsPage {...props} goal="rent" />;
}
