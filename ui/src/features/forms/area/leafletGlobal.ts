import L from "leaflet";

// Geoman extends the global L of Leaflet's script-tag days: it must exist before geoman's module runs, so this
// module is imported just before it.
(globalThis as { L?: typeof L }).L = L;
