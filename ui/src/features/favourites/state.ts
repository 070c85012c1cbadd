import { keepPreviousData, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import type { Lang, Rendition } from "../../lib/api/types";
import { request } from "../../app/api";
import { formatEuro } from "../../lib/format/euro";
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
  thumbnail: Rendition | null;
}

/** What the favourites page says of a saved listing now. */
export type Standing =
  | { kind: "unknown" } // not asked yet, or the state could not be read: the saved snapshot alone
  | { kind: "gone" } // withdrawn, or no longer on the platform at all
  | { kind: "sold" | "rented" | "option"; state: PropertyState }
  | { kind: "available"; state: PropertyState; was?: string }; // was: the saved price text when the price changed since

/** The language a favourite was saved in: that of its detail path ("/fr/a-vendre/…" is French). */
export function savedLang(f: Favourite): string {
  return /^\/([a-z]{2})\//.exec(f.url)?.[1] ?? "";
}

/**
 * The saved price in lang: as saved when saved in lang, else the amount
 * written for lang ("€ 250.000" saved in Dutch reads "250 000 €" in
 * French), "" for a price that was not published.
 */
export function savedPriceText(f: Favourite, lang: string): string {
  if (savedLang(f) === lang) return f.priceText;
  return f.price === null ? "" : formatEuro(f.price, lang);
}

/**
 * A favourite's title in the page's language, from the server's answer in
 * that language: saved from a list's card ("Hoeve 6830 Bouillon", the
 * card's type, postcode and town), the card's words now ("Ferme 6830
 * Bouillon"); saved from its page, the listing's own title now. The saved
 * title when the server no longer knows the listing.
 */
export function localTitle(f: Favourite, state: PropertyState | undefined): string {
  if (!state) return f.title;
  const place = `${state.zip} ${state.city}`.trim();
  if (place && f.title.endsWith(` ${place}`) && state.type) return `${state.type} ${place}`;
  return state.title || f.title;
}

/**
 * Compares a saved listing with its state now. An id the server no longer
 * knows is gone, as is a withdrawn one; a price counts as changed only when
 * both the saved and the current one are published. The saved price is
 * written for lang, the page's language.
 */
export function standingOf(f: Favourite, state: PropertyState | undefined, answered: boolean, lang = savedLang(f)): Standing {
  if (!state) return answered ? { kind: "gone" } : { kind: "unknown" };
  if (state.status === "withdrawn") return { kind: "gone" };
  if (state.status !== "available") return { kind: state.status, state };
  const changed = f.price !== null && state.price !== null && f.price !== state.price;
  return changed ? { kind: "available", state, was: savedPriceText(f, lang) } : { kind: "available", state };
}

/** GET /api/properties/state: the listings' states now; an id the server does not know is left out. */
export async function fetchStates(lang: Lang, ids: number[], signal?: AbortSignal): Promise<PropertyState[]> {
  const body = await request<{ properties?: PropertyState[] }>(`/api/properties/state?lang=${encodeURIComponent(lang)}&ids=${ids.join(",")}`, { signal });
  return body.properties ?? [];
}

interface States {
  byId: ReadonlyMap<number, PropertyState>;
  answered: ReadonlySet<number>; // the ids the server answered for (with a state or without)
  failed: boolean;
}

/** One listing's state in the cache: null when the server answered without one. */
const stateKey = (lang: Lang, id: number) => ["property-state", lang, id] as const;

const known = (client: QueryClient, lang: Lang, id: number) => client.getQueryData<PropertyState | null>(stateKey(lang, id));

/** The states of ids: those not in the cache yet asked in one request, and put there one by one. */
async function statesOf(client: QueryClient, lang: Lang, ids: number[], signal: AbortSignal): Promise<Omit<States, "failed">> {
  const missing = ids.filter((id) => known(client, lang, id) === undefined);
  if (missing.length > 0) {
    const answered = new Map((await fetchStates(lang, missing, signal)).map((p) => [p.id, p]));
    for (const id of missing) client.setQueryData(stateKey(lang, id), answered.get(id) ?? null);
  }
  const byId = new Map<number, PropertyState>();
  const answered = new Set<number>();
  for (const id of ids) {
    const state = known(client, lang, id);
    if (state === undefined) continue;
    answered.add(id);
    if (state) byId.set(id, state);
  }
  return { byId, answered };
}

const none = { byId: new Map<number, PropertyState>(), answered: new Set<number>() };

/**
 * The current state of the favourites, asked once per listing: taking one
 * out asks nothing, saving one in another tab asks for that one. Runs in the
 * browser only (the favourites live in its storage).
 */
export function useStates(lang: Lang, favourites: readonly Favourite[]): States & { loading: boolean } {
  const client = useQueryClient();
  const ids = [...new Set(favourites.map((f) => f.id))].sort((a, b) => a - b);
  const { data, isError } = useQuery({
    queryKey: ["property-states", lang, ids.join(",")],
    queryFn: ({ signal }) => statesOf(client, lang, ids, signal),
    enabled: ids.length > 0,
    // While a new one is asked, the others keep what they showed.
    placeholderData: keepPreviousData,
  });
  const missing = ids.some((id) => known(client, lang, id) === undefined);
  return { ...(data ?? none), failed: isError, loading: missing && !isError };
}
