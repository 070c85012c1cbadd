import { useTranslation } from "react-i18next";
import type { PageImage, PageImageSetting } from "../../lib/api/types";
import { useCssProperties } from "../../app/useCssProperties";
import { srcSet } from "../../shell/bannerImages";
import { Picture as OptimizedPicture } from "../../lib/photo/Picture";
import { contentPicture } from "../../lib/photo/pictures";
import "./content.css";

type Props = { setting: PageImageSetting | null | undefined };

/** A field of the configured colour, set after mount: the CSP refuses style attributes in the server's HTML. */
function ColorField({ color }: { color: string }) {
  const ref = useCssProperties<HTMLDivElement>({ "background-color": color });
  return <div ref={ref} className="content-image content-image--color" aria-hidden="true" />;
}

/** A config image slot in one of its kinds: one image, a colour field, a gallery or a muted video. */
export function ContentImage({ setting }: Props) {
  const { t } = useTranslation("pages");
  if (!setting) return null;
  switch (setting.kind) {
    case "image": {
      const image = setting.images[0];
      return image ? (
        <figure className="content-image content-image--single">
          <Picture image={image} eager />
        </figure>
      ) : null;
    }
    case "gallery":
      return setting.images.length > 0 ? (
        <ul className="content-image content-image--gallery" aria-label={t("image.gallery")}>
          {setting.images.map((image) => (
            <li key={image.src} className="content-image__gallery-item">
              <Picture image={image} />
            </li>
          ))}
        </ul>
      ) : null;
    case "color":
      return setting.color ? <ColorField color={setting.color} /> : null;
    case "video":
      return setting.video ? (
        <video
          className="content-image content-image--video"
          autoPlay
          muted
          loop
          playsInline
          poster={setting.video.poster || undefined}
          aria-hidden="true"
        >
          <source src={setting.video.src} type={setting.video.type || undefined} />
        </video>
      ) : null;
    default:
      return null;
  }
}

/**
 * Content images span the width on phones and at most half of it above;
 * the browser picks the smallest rendition that covers that.
 */
const contentSizes = "(max-width: 766.98px) 100vw, (max-width: 1279.98px) 50vw, 640px";

/** An image with its intrinsic size, so the browser reserves its box before it loads. */
export function Picture({
  image,
  eager = false,
  className,
  sizes = contentSizes,
}: {
  image: PageImage;
  eager?: boolean;
  className?: string;
  sizes?: string;
}) {
  const set = srcSet(image);
  return (
    <OptimizedPicture
      picture={contentPicture(image.optimized, sizes)}
      className={className ?? "content-image__img"}
      src={image.src}
      srcSet={set}
      sizes={set ? sizes : undefined}
      width={image.width}
      height={image.height}
      alt={image.alt}
      loading={eager ? "eager" : "lazy"}
      decoding="async"
    />
  );
}
