import { act, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useLocation } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderInShell } from "../../app/testing";
import { QuickSearch, townListPath } from "./QuickSearch";
import type { QuickResults, QuickSearcher } from "./search";
import { cutDescription } from "./text";
import { debounceMs } from "./useQuickSearch";

describe("cutDescription", () => {
  const long = "Ruime gezinswoning met tuin en garage in een rustige straat vlak bij de scholen en winkels van het centrum van Bouillon";
  it.each([
    ["short stays", "Chalet met zicht", 100, "Chalet met zicht"],
    ["spaces collapse", "  Chalet \n met   zicht ", 100, "Chalet met zicht"],
    ["cut at a word past 80 %", long, 100, "Ruime gezinswoning met tuin en garage in een rustige straat vlak bij de scholen en winkels van het…"],
    ["cut hard when the last word starts early", "A " + "x".repeat(120), 100, "A " + "x".repeat(98) + "…"],
    ["exactly the limit stays", "y".repeat(100), 100, "y".repeat(100)],
  ])("%s", (_, text, limit, want) => {
    const got = cutDescription(text, limit);
    expect(got).toBe(want);
    expect([...got].length).toBeLessThanOrEqual(limit + 1);
  });
});

describe("townListPath", () => {
  it("opens the sale list unless the town has only rentals", () => {
    expect(townListPath({ name: "Bouillon", zip: "6830", saleCount: 5, rentCount: 1 })).toBe("/for-sale/");
    expect(townListPath({ name: "Bertrix", zip: "6880", saleCount: 0, rentCount: 2 })).toBe("/for-rent/");
    expect(townListPath({ name: "Paliseul", zip: "6850", saleCount: 0, rentCount: 0 })).toBe("/for-sale/");
  });
});

const results: QuickResults = {
  properties: [
    {
      id: 4001,
      url: "/nl/te-koop/vresse-sur-semois/gezellige-chalet/4001/",
      type: "Chalet",
      city: "Vresse-sur-Semois",
      zip: "5550",
      description: "Chalet met twee slaapkamers in Vresse-sur-Semois.",
      thumbnail: { url: "/demo/photos/4001/13/280.jpg", width: 280, height: 187 },
    },
  ],
  towns: [{ name: "Bouillon", zip: "6830", saleCount: 5, rentCount: 1 }],
};

function Where() {
  const loc = useLocation();
  return <div data-testid="where">{loc.pathname + loc.search}</div>;
}

describe("QuickSearch", () => {
  beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: true }));
  afterEach(() => vi.useRealTimers());

  async function openAndType(search: QuickSearcher, text: string) {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderInShell(
      <>
        <QuickSearch search={search} />
        <Where />
      </>,
    );
    await user.click(screen.getByRole("button", { name: "Zoeken" }));
    const box = screen.getByRole("combobox", { name: "Zoek op referentie, gemeente of postcode" });
    expect(document.activeElement).toBe(box);
    await user.type(box, text);
    await act(async () => {
      vi.advanceTimersByTime(debounceMs + 10);
    });
    return { user, box };
  }

  it("searches once after typing stops and lists properties and towns", async () => {
    const search = vi.fn<QuickSearcher>().mockResolvedValue(results);
    const { box } = await openAndType(search, "4001");
    expect(search).toHaveBeenCalledTimes(1);
    expect(search).toHaveBeenCalledWith("nl", "4001");
    expect(await screen.findByRole("option", { name: /Ref: 4001/ })).toBeTruthy();
    expect(screen.getByRole("option", { name: /6830 Bouillon/ })).toBeTruthy();
    expect(box.getAttribute("aria-expanded")).toBe("true");
    expect(screen.getByRole("status").textContent).toBe("2 resultaten");
  });

  it("opens a property with the keyboard", async () => {
    const { user, box } = await openAndType(vi.fn<QuickSearcher>().mockResolvedValue(results), "chalet");
    await screen.findByRole("option", { name: /Ref: 4001/ });
    await user.keyboard("{ArrowDown}");
    const active = box.getAttribute("aria-activedescendant");
    expect(active && document.getElementById(active)?.getAttribute("aria-selected")).toBe("true");
    await user.keyboard("{Enter}");
    expect(screen.getByTestId("where").textContent).toBe(results.properties[0]!.url);
  });

  it("lists the town first and opens its list on Enter when the text is a town", async () => {
    const { user } = await openAndType(vi.fn<QuickSearcher>().mockResolvedValue(results), "bouillon");
    await screen.findByRole("option", { name: /Bouillon/ });
    expect(screen.getAllByRole("group").map((g) => g.getAttribute("aria-labelledby") && document.getElementById(g.getAttribute("aria-labelledby")!)?.textContent)).toEqual(["Gemeenten", "Panden"]);
    await user.keyboard("{Enter}");
    expect(screen.getByTestId("where").textContent).toBe("/nl/te-koop/?city=Bouillon");
  });

  it("says when nothing matches; Escape collapses the list, then closes and returns focus", async () => {
    const { user, box } = await openAndType(vi.fn<QuickSearcher>().mockResolvedValue(results), "zzz");
    await screen.findByRole("option", { name: /Bouillon/ });
    await user.keyboard("{Escape}");
    expect(box.getAttribute("aria-expanded")).toBe("false");
    await user.keyboard("{Escape}");
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Zoeken" }));
  });

  it("says when nothing matches", async () => {
    await openAndType(vi.fn<QuickSearcher>().mockResolvedValue({ properties: [], towns: [] }), "zzz");
    expect((await screen.findByRole("status")).textContent).toBe("Er werden geen resultaten gevonden voor uw zoekopdracht.");
    expect(screen.queryByRole("option")).toBeNull();
    // And shows it where the list would be.
    expect(document.querySelector(".quick-search__none")?.textContent).toBe("Er werden geen resultaten gevonden voor uw zoekopdracht.");
  });
});
