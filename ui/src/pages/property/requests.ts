import type { PropertyDetail } from "../../lib/api/types";

/** What a visitor can ask about a listing; each opens its form in a dialog. */
export type RequestKind = "info" | "visit" | "offer" | "rent" | "documents" | "friend";

export type VisitSlot = NonNullable<PropertyDetail["visitSlots"]>[number];

/**
 * The requests a listing offers. A withdrawn listing offers none (the server
 * would refuse them); a sold or rented one can no longer be visited, bought
 * or rented, but its documents and a word to a friend still make sense.
 */
export function requestKinds(p: PropertyDetail): RequestKind[] {
  if (p.withdrawn) return [];
  const closed = p.status === "sold" || p.status === "rented";
  if (closed) return ["info", "documents", "friend"];
  return ["info", "visit", p.goal === "sale" ? "offer" : "rent", "documents", "friend"];
}

/** The slots a visitor may still book: places left, not yet begun, soonest first. */
export function bookableSlots(slots: readonly VisitSlot[], now: Date): VisitSlot[] {
  return slots
    .filter((s) => s.free > 0 && Date.parse(s.start) > now.getTime())
    .sort((a, b) => Date.parse(a.start) - Date.parse(b.start));
}

/**
 * How a visit is requested: by booking one of the listing's slots; when it has
 * slots but all are taken, by a free request that says so; when it has none,
 * by a free request for a visit.
 */
export type VisitPlan = { kind: "book"; slots: VisitSlot[] } | { kind: "full" } | { kind: "ask" };

export function visitPlan(p: PropertyDetail, now: Date): VisitPlan {
  const all = p.visitSlots ?? [];
  if (all.length === 0) return { kind: "ask" };
  const open = bookableSlots(all, now);
  return open.length > 0 ? { kind: "book", slots: open } : { kind: "full" };
}
