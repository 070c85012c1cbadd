import { describe, expect, it } from "vitest";
import { testSite } from "../app/testing";
import { visibleMenu, visibleTopBarItems } from "./menu";

const { menu, topBar } = testSite();

describe("visibleMenu", () => {
  it("keeps Published items and children, in sort order", () => {
    const items = visibleMenu(menu, true);
    expect(items.map((i) => i.id)).toEqual(["home", "sale", "services"]);
    expect(items[2]?.children.map((c) => c.id)).toEqual(["s1", "s2"]);
  });

  it("lists home only when the header setting allows", () => {
    expect(visibleMenu(menu, false).map((i) => i.id)).toEqual(["sale", "services"]);
  });

  it("does not change the config", () => {
    visibleMenu(menu, false);
    expect(menu.map((i) => i.id)).toEqual(["home", "sale", "services", "rent"]);
    expect(menu[2]?.children).toHaveLength(3);
  });
});

describe("visibleTopBarItems", () => {
  it("keeps the items whose status is on", () => {
    expect(visibleTopBarItems(topBar.left).map((i) => i.link)).toEqual(["tel:+3261234567"]);
    expect(visibleTopBarItems(topBar.right)).toHaveLength(1);
  });
});
