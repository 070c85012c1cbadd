// The map view of the listings, loaded on demand: React.lazy(() => import("../../features/map")).
// Leaflet and its CSS are imported only below this folder and by lib/map's canvas pieces
// (MapChrome, FallbackLayer), which only canvases import, so they stay in this chunk.
import { ResultsMap } from "./ResultsMap";

export { ResultsMap, type ResultsMapProps } from "./ResultsMap";
export type { GeoBounds, MapHit } from "../../lib/map/types";
export default ResultsMap;
