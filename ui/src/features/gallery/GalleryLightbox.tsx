import { useMemo, type KeyboardEvent } from "react";
import { useTranslation } from "react-i18next";
import Lightbox, { type Labels, type Slide } from "yet-another-react-lightbox";
import Captions from "yet-another-react-lightbox/plugins/captions";
import Counter from "yet-another-react-lightbox/plugins/counter";
import Slideshow from "yet-another-react-lightbox/plugins/slideshow";
import "yet-another-react-lightbox/styles.css";
import "yet-another-react-lightbox/plugins/captions.css";
import "yet-another-react-lightbox/plugins/counter.css";
import type { PropertyPhoto } from "../../lib/api/types";
import { trapTab } from "../../lib/dom/focusTrap";
import { lightboxRenditions } from "../../lib/photo/pictures";
import { lightboxSources } from "./photos";
import "./GalleryLightbox.css";

const plugins = [Captions, Counter, Slideshow];
const single = [Captions];
const none = () => null;

// The library makes the page behind inert but lets Tab run out of the dialog into the browser's own controls;
// the modal dialog pattern wants Tab and Shift+Tab to cycle through the dialog's controls instead.
const portal = {
  container: {
    onKeyDown: (event: KeyboardEvent<HTMLDivElement>) => {
      if (event.key === "Tab" && trapTab(event.currentTarget, event.shiftKey, document.activeElement)) event.preventDefault();
    },
  },
};

export interface GalleryLightboxProps {
  photos: PropertyPhoto[];
  title: string;
  index: number;
  open: boolean;
  close: () => void;
  /** Called once the closing animation is over and the lightbox has left the page. */
  onClosed: () => void;
}

/**
 * The full-screen viewer (yet-another-react-lightbox), loaded on demand by
 * PhotoGallery. The library makes the rest of the page inert while open,
 * closes on Escape, moves with the arrow keys and by swiping, and gives the
 * focus back to the element that opened it; Tab cycles inside (portal).
 */
export default function GalleryLightbox({ photos, title, index, open, close, onClosed }: GalleryLightboxProps) {
  const { t } = useTranslation("property");

  const slides = useMemo<Slide[]>(
    () =>
      photos.map((photo) => {
        const own = lightboxRenditions(photo.optimized);
        return {
          ...(own?.at(-1) ?? { src: photo.url, width: photo.width, height: photo.height }),
          alt: photo.alt,
          title: photo.alt || undefined,
          srcSet: own ?? lightboxSources(photo).map((r) => ({ src: r.url, width: r.width, height: r.height })),
        };
      }),
    [photos],
  );

  const labels = useMemo<Labels>(
    () => ({
      Lightbox: t("gallery.lightbox", { title }),
      "Photo gallery": t("gallery.carousel"),
      Carousel: t("gallery.carouselRole"),
      Slide: t("gallery.slideRole"),
      // The library fills in {index} and {total} itself.
      "{index} of {total}": t("gallery.photo", { index: "{index}", total: "{total}" }),
      Previous: t("gallery.previous"),
      Next: t("gallery.next"),
      Close: t("gallery.close"),
      Play: t("gallery.play"),
      Pause: t("gallery.pause"),
      Caption: t("gallery.caption"),
    }),
    [t, title],
  );

  // One photo has nowhere to go: no arrows, counter nor slideshow.
  const alone = photos.length < 2;
  return (
    <Lightbox
      className="gallery-lightbox"
      open={open}
      close={close}
      index={index}
      slides={slides}
      plugins={alone ? single : plugins}
      labels={labels}
      slideshow={{ delay: 4000 }}
      counter={{ separator: "/" }}
      carousel={{ preload: 1, finite: alone }}
      render={alone ? { buttonPrev: none, buttonNext: none } : undefined}
      on={{ exited: onClosed }}
      portal={portal}
    />
  );
}
