import { createContext } from "react";
import type { InitialResults } from "instantsearch.js";

export type { InitialResults };

/**
 * A list page's first results, computed by the server for the address's
 * search state (getServerState's initialResults). Given, the list renders
 * them at once, on the server and when the browser hydrates, instead of
 * searching on load. Absent, the list renders as it does before its first
 * answer. They belong to the first page only: once the browser navigates,
 * the provider must give undefined, or another list would start from them.
 * A context of its own, so the shell passes them along without loading
 * InstantSearch on pages that do not search.
 */
export const InitialResultsContext = createContext<InitialResults | undefined>(undefined);
