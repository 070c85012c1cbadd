import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Picture } from "./Picture";
import { cardPicture } from "./pictures";
import { optimizedPhoto } from "./testSupport";

const o = optimizedPhoto("3fa9");
const b = o.base;
const set = (format: string) => o.widths.map((w) => `${b}${w}.${format} ${w}w`).join(", ");
const sizes = "(max-width: 766px) 100vw, (max-width: 1279px) 50vw, 400px";

describe("Picture", () => {
  it("renders a <picture>: a <source> per better format, best first, then the caller's <img> on the jpg", () => {
    const html = renderToString(
      <Picture picture={cardPicture(o)} className="card__image" src="/p/280.jpg" width={280} height={187} alt="" loading="lazy" decoding="async" />,
    );
    expect(html).toBe(
      `<picture class="picture">` +
        `<source type="image/avif" srcSet="${set("avif")}" sizes="${sizes}"/>` +
        `<source type="image/webp" srcSet="${set("webp")}" sizes="${sizes}"/>` +
        `<img class="card__image" src="${b}400.jpg" width="1600" height="1067" loading="lazy" decoding="async" srcSet="${set("jpg")}" sizes="${sizes}" alt=""/>` +
        `</picture>`,
    );
  });

  it("renders the caller's <img> alone, as given, without renditions", () => {
    const props = { className: "x", src: "/p/280.jpg", srcSet: "/p/280.jpg 280w", sizes: "280px", width: 280, height: 187, alt: "Voorgevel" };
    expect(renderToString(<Picture picture={null} {...props} />)).toBe(renderToString(<img {...props} />));
    expect(renderToString(<Picture picture={cardPicture(undefined)} {...props} />)).not.toContain("<picture");
  });
});
