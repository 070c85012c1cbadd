import type { ComponentProps } from "react";
import type { PictureSources } from "./pictures";
import "./Picture.css";

type Props = Omit<ComponentProps<"img">, "alt"> & {
  alt: string;
  /** The photo's renditions on our origin for its slot (pictures.ts); null: the <img> alone, as given. */
  picture: PictureSources | null;
};

/**
 * A photo as a <picture> when the image pipeline made its renditions: one <source> per better format, so each
 * browser takes the best it decodes, and the <img> (with the caller's class and attributes) on the jpg. Without
 * them, the <img> exactly as the caller wrote it. Pure: the server's HTML is the browser's.
 */
export function Picture({ picture, alt, ...img }: Props) {
  if (!picture) return <img {...img} alt={alt} />;
  return (
    <picture className="picture">
      {picture.sources.map((s) => (
        <source key={s.type} type={s.type} srcSet={s.srcSet} sizes={picture.sizes} />
      ))}
      <img
        {...img}
        src={picture.src}
        srcSet={picture.srcSet}
        sizes={picture.sizes}
        width={picture.width}
        height={picture.height}
        alt={alt}
      />
    </picture>
  );
}
