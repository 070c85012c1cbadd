import { describe, expect, it } from "vitest";
import type { TypeNode } from "../../lib/api/types";
import { typeNames, typeOptions, valuesToToggle } from "./typeTree";

const node = (id: number, name: string, children: TypeNode[] = []): TypeNode => ({ id, name, webId: id, children });
const tree = [node(2, "Chalet"), node(7, "Grond"), node(8, "Villa/Huis/Hoeve", [node(81, "Villa"), node(82, "Woning"), node(83, "Hoeve")])];

const counts = (entries: Record<string, number>) => new Map(Object.entries(entries));

describe("typeOptions", () => {
  it("adds a category's sub-types to its own count and leaves out types without listings", () => {
    const options = typeOptions(tree, counts({ "2": 6, "8": 1, "81": 7, "82": 20 }), new Set());
    expect(options.map((o) => [o.node.name, o.count, o.values])).toEqual([
      ["Chalet", 6, ["2"]],
      ["Villa/Huis/Hoeve", 28, ["8", "81", "82"]],
    ]);
    expect(options[1]?.children.map((c) => c.node.name)).toEqual(["Villa", "Woning"]);
  });

  it.each([
    ["none", new Set<string>(), "none"],
    ["some", new Set(["82"]), "some"],
    ["all", new Set(["8", "81", "82"]), "all"],
  ])("marks a category refined: %s", (_name, refined, want) => {
    const houses = typeOptions(tree, counts({ "8": 1, "81": 7, "82": 20 }), refined)[0];
    expect(houses?.refined).toBe(want);
  });

  it("keeps a refined type whose count fell to 0, so it can be removed", () => {
    const options = typeOptions(tree, counts({ "2": 3 }), new Set(["7"]));
    expect(options.map((o) => o.node.name)).toEqual(["Chalet", "Grond"]);
  });
});

describe("valuesToToggle", () => {
  const houses = (refined: Set<string>) => typeOptions(tree, counts({ "8": 1, "81": 7, "82": 20 }), refined)[0]!;

  it("turns on what is off when the category is not fully on", () => {
    const refined = new Set(["82"]);
    expect(valuesToToggle(houses(refined), refined)).toEqual(["8", "81"]);
  });

  it("turns everything off when the category is fully on", () => {
    const refined = new Set(["8", "81", "82"]);
    expect(valuesToToggle(houses(refined), refined)).toEqual(["8", "81", "82"]);
  });
});

it("names every type by id", () => {
  expect(typeNames(tree).get("82")).toBe("Woning");
  expect(typeNames(tree).get("2")).toBe("Chalet");
});
