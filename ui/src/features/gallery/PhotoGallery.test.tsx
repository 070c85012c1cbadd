import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import axe from "axe-core";
import { I18nextProvider } from "react-i18next";
import { describe, expect, it } from "vitest";
import type { PropertyPhoto } from "../../lib/api/types";
import { PhotoGallery } from "./PhotoGallery";
import { propertyI18n } from "../../lib/i18n/testing";
import { optimizedPhoto } from "../../lib/photo/testSupport";
import { demoPhoto } from "./testSupport";

const title = "Hedendaagse villa met vijf slaapkamers";
const three = [demoPhoto(1, "Front"), demoPhoto(2, "Kitchen"), demoPhoto(3)];

function renderGallery(photos: PropertyPhoto[], lang = "en") {
  return render(
    <I18nextProvider i18n={propertyI18n(lang)}>
      <main>
        <h1>{title}</h1>
        <PhotoGallery photos={photos} title={title} />
      </main>
    </I18nextProvider>,
  );
}

const mainImage = () => {
  const img = document.querySelector<HTMLImageElement>(".photo-gallery__main-img");
  if (!img) throw new Error("no main photo");
  return img;
};

const dialog = () => screen.findByRole("dialog", { name: `Photos of ${title}` }, { timeout: 3000 });
const counter = () => document.querySelector(".yarl__counter")?.textContent?.replace(/\s+/g, " ").trim();

describe("PhotoGallery", () => {
  it("shows the first photo at once, as the server preloads it", () => {
    renderGallery(three);
    const img = mainImage();
    expect(img.getAttribute("src")).toBe("/demo/photos/4018/1/1360.jpg");
    expect(img.getAttribute("srcset")).toBe(
      "/demo/photos/4018/1/400.jpg 400w, /demo/photos/4018/1/600.jpg 600w, " +
        "/demo/photos/4018/1/1360.jpg 1360w, /demo/photos/4018/1/1600.jpg 1600w",
    );
    expect(img.getAttribute("sizes")).toBe("(max-width: 1050px) 100vw, 1050px");
    expect(img.getAttribute("width")).toBe("1600");
    expect(img.getAttribute("height")).toBe("1067");
    expect(img.getAttribute("loading")).toBe("eager");
    expect(img.getAttribute("fetchpriority")).toBe("high");
    expect(img.getAttribute("alt")).toBe("Front");
  });

  it("shows optimized photos as <picture>s: the main one as the server preloads it, the thumbnails for their slot", () => {
    const optimized = (photo: PropertyPhoto, id: string) => ({ ...photo, optimized: optimizedPhoto(id) });
    renderGallery([optimized(three[0]!, "aa01"), optimized(three[1]!, "bb02"), three[2]!]);
    const main = mainImage();
    const picture = main.parentElement!;
    expect(picture.tagName).toBe("PICTURE");
    expect(picture.parentElement?.classList.contains("photo-gallery__main")).toBe(true);
    const wide = [400, 600, 800, 1024, 1360, 1600];
    const [avif, webp] = [...picture.querySelectorAll("source")];
    expect(avif!.getAttribute("type")).toBe("image/avif");
    expect(avif!.getAttribute("srcset")).toBe(wide.map((w) => `/img/aa/aa01/${w}.avif ${w}w`).join(", "));
    expect(avif!.getAttribute("sizes")).toBe("(max-width: 1050px) 100vw, 1050px");
    expect(webp!.getAttribute("type")).toBe("image/webp");
    expect(main.getAttribute("src")).toBe("/img/aa/aa01/1360.jpg");
    expect(main.getAttribute("srcset")).toBe(wide.map((w) => `/img/aa/aa01/${w}.jpg ${w}w`).join(", "));
    expect(main.getAttribute("alt")).toBe("Front");
    expect(main.getAttribute("fetchpriority")).toBe("high");

    const [optimizedThumb, plainThumb] = [...document.querySelectorAll<HTMLImageElement>(".photo-gallery__thumb-img")];
    expect(optimizedThumb!.parentElement?.tagName).toBe("PICTURE");
    expect(optimizedThumb!.getAttribute("src")).toBe("/img/bb/bb02/280.jpg");
    expect(optimizedThumb!.getAttribute("sizes")).toBe("(max-width: 342.85px) 96px, (max-width: 499.98px) 28vw, 140px");
    expect(plainThumb!.parentElement?.tagName).toBe("BUTTON");
    expect(plainThumb!.getAttribute("src")).toBe("/demo/photos/4018/3/280.jpg");
  });

  it("opens an optimized photo in the lightbox from our origin's jpgs", async () => {
    const user = userEvent.setup();
    renderGallery([{ ...three[0]!, optimized: optimizedPhoto("aa01") }]);
    await user.click(screen.getByRole("button", { name: "Photo 1 of 1: Front" }));
    const box = await dialog();
    await waitFor(() => expect(box.querySelector(".yarl__slide_image")).not.toBeNull());
    const img = box.querySelector(".yarl__slide_image")!;
    expect(img.getAttribute("src")).toBe("/img/aa/aa01/1600.jpg");
    expect(img.getAttribute("srcset")).toContain("/img/aa/aa01/800.jpg 800w");
  });

  it("lists the other photos as thumbnail buttons, the first three eager at low priority, and counts them all", () => {
    renderGallery(three);
    expect(screen.getByRole("button", { name: "Photo 1 of 3: Front" }).contains(mainImage())).toBe(true);
    const strip = screen.getByRole("list", { name: "More photos" });
    const thumbs = within(strip).getAllByRole("button");
    expect(thumbs.map((b) => b.getAttribute("aria-label"))).toEqual(["Photo 2 of 3: Kitchen", "Photo 3 of 3"]);
    // Within the first three: on the first screen, and printed in the brochure.
    for (const img of strip.querySelectorAll("img")) {
      expect(img.getAttribute("loading")).toBe("eager");
      expect(img.getAttribute("fetchpriority")).toBe("low");
      expect(img.getAttribute("src")).toMatch(/\/280\.jpg$/);
      expect(img.getAttribute("width")).toBe("280");
    }
    expect(screen.getByRole("button", { name: "Show all 3 photos" })).toBeTruthy();
  });

  it("words the buttons in the page's language", () => {
    renderGallery(three, "nl");
    expect(screen.getByRole("button", { name: "Foto 2 van 3: Kitchen" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Bekijk alle 3 foto's" })).toBeTruthy();
  });

  it("has neither strip nor count for a single photo", () => {
    renderGallery([demoPhoto(1, "Front")]);
    expect(screen.getByRole("button", { name: "Photo 1 of 1: Front" })).toBeTruthy();
    expect(screen.queryByRole("list")).toBeNull();
    expect(screen.getAllByRole("button")).toHaveLength(1);
  });

  it.each([
    ["nl", "Er werd geen foto gevonden"],
    ["fr", "Aucune photo n'a été trouvée"],
    ["en", "No photo was found"],
    ["de", "Es wurde kein Foto gefunden"],
  ])("says so in %s when there is no photo", (lang, text) => {
    renderGallery([], lang);
    expect(screen.getByText(text)).toBeTruthy();
    expect(document.querySelector("img")).toBeNull();
    expect(screen.queryByRole("button")).toBeNull();
  });

  it("does not load the lightbox before a photo is opened", () => {
    renderGallery(three);
    expect(document.querySelector(".yarl__root, .yarl__portal")).toBeNull();
  });

  it("opens the lightbox on the chosen photo, moves with the arrows, closes on Escape and gives the focus back", async () => {
    const user = userEvent.setup();
    renderGallery(three);
    const kitchen = screen.getByRole("button", { name: "Photo 2 of 3: Kitchen" });
    kitchen.focus();
    await user.keyboard("{Enter}");

    const box = await dialog();
    expect(box.getAttribute("aria-modal")).toBe("true");
    await waitFor(() => expect(counter()).toBe("2 / 3"));
    expect(within(box).getByRole("group", { name: "Photo 2 of 3" })).toBeTruthy();
    expect(box.contains(document.activeElement)).toBe(true);
    // The page behind is out of reach while the lightbox is open.
    expect(document.querySelector("main")?.closest("[inert]")).not.toBeNull();

    await user.keyboard("{ArrowRight}");
    await waitFor(() => expect(counter()).toBe("3 / 3"));
    await user.keyboard("{ArrowLeft}");
    await waitFor(() => expect(counter()).toBe("2 / 3"));

    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(document.activeElement).toBe(kitchen);
    expect(document.querySelector("[inert]")).toBeNull();
  });

  it("keeps Tab and Shift+Tab inside the lightbox", async () => {
    const user = userEvent.setup();
    renderGallery(three);
    await user.click(screen.getByRole("button", { name: "Photo 1 of 3: Front" }));
    const box = await dialog();
    const buttons = within(box).getAllByRole("button");
    expect(buttons.length).toBeGreaterThanOrEqual(4);
    for (let i = 0; i < buttons.length * 2 + 1; i++) {
      await user.tab();
      expect(box.contains(document.activeElement), `Tab ${i + 1}`).toBe(true);
      expect(document.activeElement).not.toBe(document.body);
    }
    buttons[0]?.focus();
    await user.tab({ shift: true });
    expect(document.activeElement).toBe(buttons[buttons.length - 1]);
    await user.tab();
    expect(document.activeElement).toBe(buttons[0]);
  });

  it("gives the lightbox's controls the page's language", async () => {
    const user = userEvent.setup();
    renderGallery(three, "nl");
    await user.click(screen.getByRole("button", { name: "Bekijk alle 3 foto's" }));
    const box = await screen.findByRole("dialog", { name: `Foto's van ${title}` }, { timeout: 3000 });
    for (const name of ["Vorige foto", "Volgende foto", "Sluiten", "Diavoorstelling starten"]) {
      expect(within(box).getByRole("button", { name })).toBeTruthy();
    }
    expect(within(box).getByRole("region", { name: "Fotogalerij" }).getAttribute("aria-roledescription")).toBe("carrousel");
    await waitFor(() => expect(counter()).toBe("1 / 3"));
    const results = await axe.run(box, { rules: { "color-contrast": { enabled: false } } });
    expect(results.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id)).toEqual([]);

    await user.click(within(box).getByRole("button", { name: "Sluiten" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });

  it("shows a single photo without navigation", async () => {
    const user = userEvent.setup();
    renderGallery([demoPhoto(1, "Front")]);
    await user.click(screen.getByRole("button", { name: "Photo 1 of 1: Front" }));
    const box = await dialog();
    expect(within(box).queryByRole("button", { name: "Next photo" })).toBeNull();
    expect(within(box).queryByRole("button", { name: "Start the slideshow" })).toBeNull();
    expect(within(box).getByRole("button", { name: "Close" })).toBeTruthy();
  });
});
