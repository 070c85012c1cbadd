import { lazy, Suspense, useCallback, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { PropertyPhoto } from "../../lib/api/types";
import { Picture } from "../../lib/photo/Picture";
import { detailPicture, galleryThumbnailSizes, thumbnailPicture } from "../../lib/photo/pictures";
import { mainSizes, mainSrc, mainSrcSet, thumbnail } from "./photos";
import "./PhotoGallery.css";

// The lightbox library and its styles are fetched when a visitor first opens a photo, never with the page.
const GalleryLightbox = lazy(() => import("./GalleryLightbox"));

export interface PhotoGalleryProps {
  photos: PropertyPhoto[];
  title: string;
}

/** A listing's photos: the first one large, the others as a strip of thumbnails, all opening a lightbox. */
export function PhotoGallery({ photos, title }: PhotoGalleryProps) {
  const { t } = useTranslation("property");
  const [index, setIndex] = useState(-1);
  const [requested, setRequested] = useState(false);
  const opener = useRef<HTMLElement | null>(null);

  const open = (at: number) => (event: React.MouseEvent<HTMLElement>) => {
    opener.current = event.currentTarget;
    setRequested(true);
    setIndex(at);
  };

  const close = useCallback(() => setIndex(-1), []);

  // The lightbox gives focus back to what held it before; this covers a browser that did not focus the clicked button.
  const restoreFocus = useCallback(() => {
    const active = document.activeElement;
    if (!active || active === document.body) opener.current?.focus();
  }, []);

  const [first] = photos;
  if (!first) {
    return (
      <div className="photo-gallery photo-gallery--empty">
        <p className="photo-gallery__empty">{t("gallery.empty")}</p>
      </div>
    );
  }

  const total = photos.length;
  const label = (photo: PropertyPhoto, i: number) => {
    const alt = photo.alt.trim();
    return alt ? t("gallery.photoWithAlt", { index: i + 1, total, alt }) : t("gallery.photo", { index: i + 1, total });
  };
  const srcSet = mainSrcSet(first);

  return (
    <div className="photo-gallery">
      <button type="button" className="photo-gallery__main" aria-label={label(first, 0)} onClick={open(0)}>
        <Picture
          picture={detailPicture(first.optimized)}
          className="photo-gallery__main-img"
          src={mainSrc(first)}
          srcSet={srcSet || undefined}
          sizes={srcSet ? mainSizes : undefined}
          width={first.width}
          height={first.height}
          alt={first.alt}
          loading="eager"
          fetchPriority="high"
        />
      </button>
      {total > 1 && (
        <div className="photo-gallery__more">
          <ul className="photo-gallery__strip" aria-label={t("gallery.strip")}>
            {photos.slice(1).map((photo, i) => {
              const thumb = thumbnail(photo);
              return (
                <li key={`${photo.url}-${i}`} className="photo-gallery__item">
                  <button type="button" className="photo-gallery__thumb" aria-label={label(photo, i + 1)} onClick={open(i + 1)}>
                    <Picture
                      picture={thumbnailPicture(photo.optimized, galleryThumbnailSizes)}
                      className="photo-gallery__thumb-img"
                      src={thumb.url}
                      width={thumb.width}
                      height={thumb.height}
                      alt=""
                      // The first three are on the first screen and the printed brochure's photos: there before printing.
                      loading={i < 3 ? "eager" : "lazy"}
                      fetchPriority={i < 3 ? "low" : undefined}
                      decoding="async"
                    />
                  </button>
                </li>
              );
            })}
          </ul>
          <button type="button" className="outline-button photo-gallery__all" onClick={open(0)}>
            {t("gallery.showAll", { count: total })}
          </button>
        </div>
      )}
      {requested && (
        <Suspense fallback={null}>
          <GalleryLightbox
            photos={photos}
            title={title}
            index={Math.max(index, 0)}
            open={index >= 0}
            close={close}
            onClosed={restoreFocus}
          />
        </Suspense>
      )}
    </div>
  );
}
