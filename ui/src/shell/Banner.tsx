import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import type { Image, ImageSetting } from "../lib/api/types";
import { useLang, useSite } from "../app/context";
import { useCssProperties } from "../app/useCssProperties";
import { pickText } from "../lib/content/text";
import { Icon } from "../lib/icons/Icon";
import { Picture } from "../lib/photo/Picture";
import { bannerPicture } from "../lib/photo/pictures";
import { bannerSizes, srcSet } from "./bannerImages";
import { useReducedMotion } from "./useReducedMotion";
import "./Banner.css";

const galleryIntervalMs = 6000;
// How long before its turn a gallery's next photo is fetched: a 60 KB photo on a slow 3G line (50 KB/s).
const nextPhotoLeadMs = 2000;

function BannerImage({ image, first, hidden }: { image: Image; first: boolean; hidden?: boolean }) {
  const lang = useLang();
  return (
    <Picture
      picture={bannerPicture(image.optimized)}
      className={`banner__image${hidden ? " banner__image--hidden" : ""}`}
      src={image.src}
      srcSet={srcSet(image)}
      sizes={bannerSizes}
      width={image.width}
      height={image.height}
      alt={pickText(image.alt, lang)}
      aria-hidden={hidden || undefined}
      // The first photo is the page's largest paint: fetch it first, never lazily.
      fetchPriority={first ? "high" : "auto"}
      loading={first ? "eager" : "lazy"}
      decoding={first ? "sync" : "async"}
    />
  );
}

function PlayPause({ playing, onToggle, labels }: { playing: boolean; onToggle: () => void; labels: [string, string] }) {
  return (
    <button type="button" className="banner__control" onClick={onToggle}>
      <Icon name={playing ? "pause" : "play"} size={18} />
      <span className="visually-hidden">{playing ? labels[0] : labels[1]}</span>
    </button>
  );
}

/** Photos that take turns; rotation stops on request, on hover or focus, and never starts under reduced motion. */
function Gallery({ images }: { images: Image[] }) {
  const { t } = useTranslation("common");
  const reduced = useReducedMotion();
  const [index, setIndex] = useState(0);
  // The server's HTML holds the first photo alone. The next joins a few seconds before its turn, so it has arrived
  // when it shows: a visitor who leaves sooner, or whose gallery does not turn (reduced motion, paused), never
  // fetches it, and it never shares a phone's bandwidth with the first while that is the page's largest paint.
  const [shown, setShown] = useState(1);
  const [paused, setPaused] = useState(false);
  const [held, setHeld] = useState(false);
  const playing = !paused && !reduced;

  useEffect(() => {
    if (!playing || held || images.length < 2) return;
    const next = window.setTimeout(() => setShown((n) => Math.max(n, index + 2)), galleryIntervalMs - nextPhotoLeadMs);
    const turn = window.setTimeout(() => setIndex((i) => (i + 1) % images.length), galleryIntervalMs);
    return () => {
      window.clearTimeout(next);
      window.clearTimeout(turn);
    };
  }, [playing, held, images.length, index]);

  return (
    <section
      className="banner banner--gallery"
      aria-roledescription={t("banner.carousel")}
      aria-label={t("banner.gallery")}
      onMouseEnter={() => setHeld(true)}
      onMouseLeave={() => setHeld(false)}
      onFocus={() => setHeld(true)}
      onBlur={() => setHeld(false)}
    >
      {images.slice(0, Math.max(shown, index + 1)).map((image, i) => (
        <BannerImage key={image.src} image={image} first={i === 0} hidden={i !== index} />
      ))}
      {images.length > 1 && !reduced && (
        <PlayPause
          playing={!paused}
          onToggle={() => setPaused((p) => !p)}
          labels={[t("banner.pauseGallery"), t("banner.playGallery")]}
        />
      )}
    </section>
  );
}

function Video({ video }: { video: NonNullable<ImageSetting["video"]> }) {
  const { t } = useTranslation("common");
  const reduced = useReducedMotion();
  const [playing, setPlaying] = useState(!reduced);
  const [element, setElement] = useState<HTMLVideoElement | null>(null);

  useEffect(() => {
    if (!element) return;
    if (playing) element.play().catch(() => setPlaying(false));
    else element.pause();
  }, [element, playing]);

  return (
    <div className="banner banner--video">
      <video
        ref={setElement}
        className="banner__image"
        muted
        loop
        playsInline
        autoPlay={!reduced}
        preload={reduced ? "none" : "metadata"}
        poster={video.poster || undefined}
        aria-hidden="true"
      >
        <source src={video.src} type={video.type || undefined} />
      </video>
      <PlayPause
        playing={playing}
        onToggle={() => setPlaying((p) => !p)}
        labels={[t("banner.pauseVideo"), t("banner.playVideo")]}
      />
    </div>
  );
}

/** A banner of the configured colour, set after mount: the CSP refuses style attributes in the server's HTML. */
function ColorBanner({ color }: { color: string }) {
  const ref = useCssProperties<HTMLDivElement>({ background: color });
  return <div ref={ref} className="banner banner--color" />;
}

/** The home banner from config: a photo, a gallery, a muted looping video, a colour, or nothing. */
export function Banner() {
  const { banner } = useSite();
  switch (banner.kind) {
    case "image": {
      const image = banner.images[0];
      if (!image) return null;
      return (
        <div className="banner">
          <BannerImage image={image} first />
        </div>
      );
    }
    case "gallery":
      return banner.images.length > 0 ? <Gallery images={banner.images} /> : null;
    case "video":
      return banner.video?.src ? <Video video={banner.video} /> : null;
    case "color":
      return <ColorBanner color={banner.color} />;
    default:
      return null;
  }
}
