import { AttributionControl, ScaleControl, TileLayer, ZoomControl } from "react-leaflet";
import { FallbackLayer } from "./FallbackLayer";

interface Props {
  lang: string;
  tileUrl: string; // "" draws no tiles: the fallback layer, markers and shapes still show
  attribution: string;
  zoomInTitle: string;
  zoomOutTitle: string;
}

/**
 * What every map of the site draws around its content: the offline layer, the configured tiles over it with their
 * attribution, localized zoom buttons and a metric scale.
 */
export function MapChrome({ lang, tileUrl, attribution, zoomInTitle, zoomOutTitle }: Props) {
  return (
    <>
      <FallbackLayer lang={lang} />
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
