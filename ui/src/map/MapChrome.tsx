import { AttributionControl, ScaleControl, TileLayer, ZoomControl } from "react-leaflet";

interface Props {
  tileUrl: string; // "" draws no tiles: markers and shapes still show
  attribution: string;
  zoomInTitle: string;
  zoomOutTitle: string;
}

/** What every map of the site draws around its content: the configured tiles with their attribution, localized zoom buttons and a metric scale. */
export function MapChrome({ tileUrl, attribution, zoomInTitle, zoomOutTitle }: Props) {
  return (
    <>
      {tileUrl ? (
        <>
          <TileLayer url={tileUrl} attribution={attribution} />
          <AttributionControl prefix={false} />
        </>
      ) : null}
      <ZoomControl zoomInTitle={zoomInTitle} zoomOutTitle={zoomOutTitle} />
      <ScaleControl imperial={false} />
    </>
  );
}
