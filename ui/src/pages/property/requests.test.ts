// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import type { PropertyDetail } from "../../lib/api/types";
import { propertyNl } from "../__fixtures__/pages";
import { bookableSlots, requestKinds, visitPlan, type VisitSlot } from "./requests";

const base = propertyNl.property!;
const listing = (change: Partial<PropertyDetail>): PropertyDetail => ({ ...base, ...change });
const now = new Date("2026-11-22T09:00:00Z");
const slot = (id: string, start: string, free: number): VisitSlot => ({ id, start, end: start.replace(/T(\d\d)/, (_m, h: string) => `T${String(Number(h) + 1).padStart(2, "0")}`), free });

describe("requestKinds", () => {
  it.each<[string, Partial<PropertyDetail>, string[]]>([
    ["an available sale", {}, ["info", "visit", "offer", "documents", "friend"]],
    ["a sale under option", { status: "option" }, ["info", "visit", "offer", "documents", "friend"]],
    ["an available rental", { goal: "rent" }, ["info", "visit", "rent", "documents", "friend"]],
    ["a sold listing", { status: "sold" }, ["info", "documents", "friend"]],
    ["a rented listing", { goal: "rent", status: "rented" }, ["info", "documents", "friend"]],
    ["a withdrawn listing", { withdrawn: true }, []],
  ])("%s", (_name, change, kinds) => {
    expect(requestKinds(listing(change))).toEqual(kinds);
  });
});

describe("visit slots", () => {
  const slots = [
    slot("c", "2026-11-25T14:00:00Z", 2),
    slot("full", "2026-11-24T10:00:00Z", 0),
    slot("a", "2026-11-24T09:00:00Z", 1),
    slot("past", "2026-11-21T09:00:00Z", 3),
  ];

  it("offers the slots with places left that have not begun, soonest first", () => {
    expect(bookableSlots(slots, now).map((s) => s.id)).toEqual(["a", "c"]);
  });

  it("books a slot when one is free", () => {
    expect(visitPlan(listing({ visitSlots: slots }), now)).toEqual({ kind: "book", slots: [slots[2], slots[0]] });
  });

  it("says the appointments are full when every slot is taken or past", () => {
    expect(visitPlan(listing({ visitSlots: [slots[1]!, slots[3]!] }), now)).toEqual({ kind: "full" });
  });

  it("asks for a visit when the listing has no slots", () => {
    expect(visitPlan(listing({}), now)).toEqual({ kind: "ask" });
    expect(visitPlan(listing({ visitSlots: [] }), now)).toEqual({ kind: "ask" });
  });
});
