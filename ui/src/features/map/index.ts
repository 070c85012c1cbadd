// The map view of the listings, loaded on demand: React.lazy(() => import("../../map")).
// Leaflet and its CSS are imported only below this folder, so they stay in this chunk.
import { ResultsMap } from "./ResultsMap";

export { ResultsMap, type ResultsMapProps } from "./ResultsMap";
export type { GeoBounds, MapHit } from "./types";
export default ResultsMap;
