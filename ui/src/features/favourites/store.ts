import { useSyncExternalStore } from "react";

/**
 * A listing as the visitor saw it when they saved it. The favourites page
 * shows it as it is now, but a listing gone from the platform keeps only
 * this: its title, price and photo at the time.
 */
export interface Favourite {
  id: number;
  url: string; // its detail path in the language it was saved in
  title: string;
  price: number | null; // null when the price was not published
  priceText: string;
  photo: string | null;
  savedAt: string; // ISO date
}

/** The localStorage key: the favourites of every language, by listing id (the same in all of them). */
export const storageKey = "favourites";

/** How many favourites are kept; the state endpoint answers as many at once. */
export const maxFavourites = 100;

const empty: readonly Favourite[] = Object.freeze([]);

function isFavourite(v: unknown): v is Favourite {
  if (v === null || typeof v !== "object") return false;
  const f = v as Record<string, unknown>;
  return (
    typeof f.id === "number" &&
    Number.isInteger(f.id) &&
    f.id > 0 &&
    typeof f.url === "string" &&
    typeof f.title === "string" &&
    (f.price === null || typeof f.price === "number") &&
    typeof f.priceText === "string" &&
    (f.photo === null || typeof f.photo === "string") &&
    typeof f.savedAt === "string"
  );
}

/** The stored list, without what another version or a hand edit left that this one cannot read. */
export function parse(raw: string | null): readonly Favourite[] {
  if (!raw) return empty;
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    return empty;
  }
  if (!Array.isArray(data)) return empty;
  const seen = new Set<number>();
  const out = data.filter((f): f is Favourite => isFavourite(f) && !seen.has(f.id) && (seen.add(f.id), true));
  return out.length > 0 ? out.slice(0, maxFavourites) : empty;
}

function storage(): Storage | null {
  try {
    return typeof window === "undefined" ? null : window.localStorage;
  } catch {
    // Storage blocked by the browser's settings.
    return null;
  }
}

const listeners = new Set<() => void>();
// The snapshot must be the same object while the stored text is: React
// compares snapshots by identity and would render forever otherwise.
let lastRaw: string | null | undefined;
let snapshot: readonly Favourite[] = empty;
// Where the list lives once storage refuses it (blocked, private mode,
// full): the hearts still work for the visit.
let memory: string | null = null;
let inMemory = false;

function read(): readonly Favourite[] {
  let raw = memory;
  if (!inMemory) {
    try {
      const s = storage();
      if (s) raw = s.getItem(storageKey);
      else if (typeof window !== "undefined") inMemory = true;
    } catch {
      inMemory = true;
    }
  }
  if (raw !== lastRaw) {
    lastRaw = raw;
    snapshot = parse(raw);
  }
  return snapshot;
}

function write(list: readonly Favourite[]) {
  const raw = JSON.stringify(list);
  memory = raw;
  if (!inMemory) {
    try {
      storage()?.setItem(storageKey, raw);
    } catch {
      inMemory = true;
    }
  }
  // The storage event reaches other tabs, never this one.
  for (const l of [...listeners]) l();
}

function onStorage(e: StorageEvent) {
  // A null key is localStorage.clear().
  if (e.key === storageKey || e.key === null) for (const l of [...listeners]) l();
}

/** Calls listener whenever the list changes, in this tab or another. */
export function subscribe(listener: () => void): () => void {
  if (listeners.size === 0 && typeof window !== "undefined") window.addEventListener("storage", onStorage);
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && typeof window !== "undefined") window.removeEventListener("storage", onStorage);
  };
}

/** The favourites, most recently saved first. */
export function favourites(): readonly Favourite[] {
  return read();
}

/** The server knows no visitor's favourites: it and the hydrating render show none. */
export function serverFavourites(): readonly Favourite[] {
  return empty;
}

export function isSaved(id: number): boolean {
  return read().some((f) => f.id === id);
}

/** Saves a listing first in the list; saving it again refreshes what was kept of it. */
export function save(f: Omit<Favourite, "savedAt">, now = new Date()) {
  const rest = read().filter((x) => x.id !== f.id);
  write([{ ...f, savedAt: now.toISOString() }, ...rest].slice(0, maxFavourites));
}

export function remove(id: number) {
  const list = read();
  if (list.some((f) => f.id === id)) write(list.filter((f) => f.id !== id));
}

/** Saves or removes a listing; returns whether it is saved now. */
export function toggle(f: Omit<Favourite, "savedAt">): boolean {
  if (isSaved(f.id)) {
    remove(f.id);
    return false;
  }
  save(f);
  return true;
}

/** The favourites, for components: every one that uses it renders again on a change, in any tab. */
export function useFavourites(): readonly Favourite[] {
  return useSyncExternalStore(subscribe, favourites, serverFavourites);
}

/** Whether a listing is saved; false on the server and while hydrating. */
export function useIsSaved(id: number): boolean {
  return useSyncExternalStore(
    subscribe,
    () => isSaved(id),
    () => false,
  );
}

/** Forgets the module's cache between tests. */
export function resetForTests() {
  lastRaw = undefined;
  snapshot = empty;
  memory = null;
  inMemory = false;
  listeners.clear();
  if (typeof window !== "undefined") window.removeEventListener("storage", onStorage);
}
