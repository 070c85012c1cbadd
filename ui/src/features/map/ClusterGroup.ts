import { createElementObject, createLayerComponent, extendContext, type LayerProps } from "@react-leaflet/core";
import L, { type LeafletKeyboardEvent, type MarkerCluster, type MarkerClusterGroupOptions } from "leaflet";
// Registers L.MarkerClusterGroup on the leaflet module's object (leaflet 1.9 also puts it on window.L).
import "leaflet.markercluster";
import type { ReactNode } from "react";

export interface ClusterGroupProps extends LayerProps {
  options: MarkerClusterGroupOptions;
  children?: ReactNode;
}

type ClusterKeyEvent = LeafletKeyboardEvent & { layer: MarkerCluster };

/**
 * leaflet.markercluster as a react-leaflet layer: markers rendered inside it
 * add themselves to the cluster group instead of the map, because the group
 * is their layer container. Options are read once; remount (key) to change them.
 */
export const ClusterGroup = createLayerComponent<L.MarkerClusterGroup, ClusterGroupProps>(({ options }, context) => {
  const group = new L.MarkerClusterGroup(options);
  // Enter and Space zoom into a cluster, as a button would act. Its icon then goes away, so the focus
  // moves to the map instead of falling back to the page; preventDefault keeps the plugin's own
  // Enter handling (on keypress) from zooming a second time.
  group.on("clusterkeydown", (event) => {
    const e = event as ClusterKeyEvent;
    if (e.originalEvent.key !== "Enter" && e.originalEvent.key !== " ") return;
    e.originalEvent.preventDefault();
    e.layer.zoomToBounds();
    context.map.getContainer().focus({ preventScroll: true });
  });
  return createElementObject(group, extendContext(context, { layerContainer: group }));
});
