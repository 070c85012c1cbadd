import { screen } from "@testing-library/react";
import { beforeAll, describe, expect, it } from "vitest";
import { forRentFr, forSaleNl } from "../__fixtures__/pages";
import { loadLiveList } from "../../features/search/liveList";
import { renderWith } from "../__fixtures__/render";
import { site } from "../__fixtures__/site";
import { ForRentPage, ForSalePage } from "./ListingsPage";

describe("ListingsPage", () => {
  // The chunk's first import transforms InstantSearch and every widget: on a busy machine longer than findBy* waits.
  beforeAll(async () => {
    await loadLiveList();
  });

  // Rendered by the browser (not hydrated), the list is live at once: the page waits for its chunk.
  it("shows the heading, the intro, the filters and the results region", async () => {
    renderWith(<ForSalePage site={site} page={forSaleNl} />, "nl", forSaleNl.path);
    expect((await screen.findByRole("heading", { level: 1 })).textContent).toBe("Te koop");
    expect(screen.getByText("Ons aanbod in de Ardennen.")).toBeTruthy();
    expect(screen.getByRole("complementary")).toBeTruthy();
    expect(screen.getByRole("search")).toBeTruthy();
    expect(screen.getAllByRole("heading", { level: 1 })).toHaveLength(1);
  });

  it("renders the rent list", async () => {
    renderWith(<ForRentPage site={site} page={forRentFr} />, "fr", forRentFr.path);
    expect((await screen.findByRole("heading", { level: 1 })).textContent).toBe("À louer");
  });
});
