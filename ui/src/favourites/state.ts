import { useEffect, useState } from "react";
import type { Lang } from "../api/types";
import type { Favourite } from "./store";

/** One listing as GET /api/properties/state answers it (httpd/favourites.go). */
export interface PropertyState {
  id: number;
  status: "available" | "option" | "sold" | "rented" | "withdrawn";
  goal: "sale" | "rent";
  title: string;
  type: string;
  city: string;
  zip: string;
  url: string;
  price: number | null;
  priceText: string;
  thumbnail: { url: string; width: number; height: number } | null;
}

/** What the favourites page says of a saved listing now. */
export type Standing =
  | { kind: "unknown" } // not asked yet, or the state could not be read: the saved snapshot alone
  | { kind: "gone" } // withdrawn, or no longer on the platform at all
  | { kind: "sold" | "rented" | "option"; state: PropertyState }
  | { kind: "available"; state: PropertyState; was?: string }; // was: the saved price text when the price changed since

/**
 * Compares a saved listing with its state now. An id the server no longer
 * knows is gone, as is a withdrawn one; a price counts as changed only when
 * both the saved and the current one are published.
 */
export function standingOf(f: Favourite, state: PropertyState | undefined, answered: boolean): Standing {
  if (!state) return answered ? { kind: "gone" } : { kind: "unknown" };
  if (state.status === "withdrawn") return { kind: "gone" };
  if (state.status !== "available") return { kind: state.status, state };
  const changed = f.price !== null && state.price !== null && f.price !== state.price;
  return changed ? { kind: "available", state, was: f.priceText } : { kind: "available", state };
}

export async function fetchStates(lang: Lang, ids: number[], signal?: AbortSignal): Promise<PropertyState[]> {
  const res = await fetch(`/api/properties/state?lang=${encodeURIComponent(lang)}&ids=${ids.join(",")}`, {
    headers: { accept: "application/json" },
    signal,
  });
  if (!res.ok) throw new Error(`properties state: HTTP ${res.status}`);
  const body = (await res.json()) as { properties?: PropertyState[] };
  return body.properties ?? [];
}

interface States {
  byId: ReadonlyMap<number, PropertyState>;
  answered: ReadonlySet<number>; // the ids the server answered for (with a state or without)
  failed: boolean;
}

const none: States = { byId: new Map(), answered: new Set(), failed: false };

/**
 * The current state of the favourites, asked once per listing: taking one
 * out asks nothing, saving one in another tab asks for that one. Runs in the
 * browser only (an effect).
 */
export function useStates(lang: Lang, favourites: readonly Favourite[]): States & { loading: boolean } {
  const [states, setStates] = useState<States>(none);
  const missing = favourites.map((f) => f.id).filter((id) => !states.answered.has(id));
  const key = missing.join(",");

  useEffect(() => {
    if (!key) return;
    const ids = key.split(",").map(Number);
    const controller = new AbortController();
    fetchStates(lang, ids, controller.signal).then(
      (list) =>
        setStates((s) => {
          const byId = new Map(s.byId);
          for (const p of list) byId.set(p.id, p);
          return { byId, answered: new Set([...s.answered, ...ids]), failed: false };
        }),
      () => {
        if (!controller.signal.aborted) setStates((s) => ({ ...s, failed: true }));
      },
    );
    return () => controller.abort();
  }, [lang, key]);

  return { ...states, loading: key !== "" && !states.failed };
}
