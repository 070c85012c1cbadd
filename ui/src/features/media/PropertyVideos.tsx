import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { PropertyVideo } from "../../lib/api/types";
import { hasBrand, hostOf, isTour, playerUrl } from "./videos";
import "./PropertyVideos.css";

export interface PropertyVideosProps {
  videos: PropertyVideo[];
  title: string;
}

/** A listing's videos and virtual tours, each group under its own heading; nothing when there are none. */
export function PropertyVideos({ videos, title }: PropertyVideosProps) {
  if (videos.length === 0) return null;
  const clips = videos.filter((v) => !isTour(v));
  const tours = videos.filter(isTour);
  return (
    <>
      {clips.length > 0 && <MediaSection tour={false} items={clips} title={title} />}
      {tours.length > 0 && <MediaSection tour items={tours} title={title} />}
    </>
  );
}

function MediaSection({ tour, items, title }: { tour: boolean; items: PropertyVideo[]; title: string }) {
  const { t } = useTranslation("property");
  const headingId = useId();
  return (
    <section className="property-videos" aria-labelledby={headingId}>
      <h2 id={headingId} className="property-videos__heading">
        {t(tour ? "video.tourHeading" : "video.heading", { count: items.length })}
      </h2>
      <div className="property-videos__list">
        {items.map((video, i) => (
          <MediaItem
            key={`${video.kind}-${video.url}`}
            video={video}
            title={title}
            number={items.length > 1 ? { index: i + 1, total: items.length } : null}
          />
        ))}
      </div>
    </section>
  );
}

interface MediaItemProps {
  video: PropertyVideo;
  title: string;
  number: { index: number; total: number } | null; // set when the section holds several
}

function MediaItem({ video, title, number }: MediaItemProps) {
  const { t } = useTranslation("property");
  const tour = isTour(video);
  const named = (label: string) => (number ? t("video.numbered", { label, ...number }) : label);
  const name = named(t(tour ? "video.tourFrame" : "video.frame", { title }));

  if (video.kind === "file") {
    return (
      <div className="property-videos__item">
        <div className="property-videos__frame">
          <video className="property-videos__player" controls preload="none" playsInline aria-label={name}>
            <source src={video.embedUrl} />
            <a href={video.embedUrl}>{t("video.download")}</a>
          </video>
        </div>
      </div>
    );
  }
  return <EmbeddedMedia video={video} title={title} tour={tour} name={name} named={named} />;
}

interface EmbeddedMediaProps {
  video: PropertyVideo;
  title: string;
  tour: boolean;
  name: string;
  named: (label: string) => string;
}

/**
 * A click-to-load player: nothing is asked of the video host before the
 * visitor presses the button (their privacy, and the page's speed), then the
 * host's player replaces the button and takes the focus.
 */
function EmbeddedMedia({ video, title, tour, name, named }: EmbeddedMediaProps) {
  const { t } = useTranslation("property");
  const [playing, setPlaying] = useState(false);
  const frame = useRef<HTMLIFrameElement>(null);
  const site = hostOf(video);

  useEffect(() => {
    if (playing) frame.current?.focus();
  }, [playing]);

  return (
    <div className="property-videos__item">
      <div className="property-videos__frame">
        {playing ? (
          <iframe
            ref={frame}
            className="property-videos__player"
            src={playerUrl(video)}
            title={name}
            allow="autoplay; fullscreen; picture-in-picture"
            allowFullScreen
            loading="lazy"
            referrerPolicy="strict-origin-when-cross-origin"
          />
        ) : (
          <button type="button" className="property-videos__facade" onClick={() => setPlaying(true)}>
            <svg className="property-videos__icon" viewBox="0 0 64 64" width="64" height="64" aria-hidden="true" focusable="false">
              <circle cx="32" cy="32" r="31" />
              {tour ? (
                <path d="M32 14 14 26v24h12V38h12v12h12V26z" />
              ) : (
                <path d="M25 19v26l21-13z" />
              )}
            </svg>
            <span className="property-videos__action">{named(t(tour ? "video.openTour" : "video.play"))}</span>{" "}
            <span className="property-videos__title">{title}</span>
          </button>
        )}
      </div>
      <p className="property-videos__meta">
        {!playing && site && <span className="property-videos__notice">{t("video.notice", { site })} </span>}
        <a className="property-videos__link" href={video.url} target="_blank" rel="noopener noreferrer">
          {hasBrand(video) ? t("video.watchOn", { site }) : t("video.openTab")}{" "}
          <span className="visually-hidden">{t("video.newTab")}</span>
        </a>
      </p>
    </div>
  );
}
