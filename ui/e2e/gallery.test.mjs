// The property detail's photo gallery (src/features/gallery) driven with the keyboard
// only: Tab to a thumbnail, Enter opens the lightbox, the arrows move, Tab
// stays inside, Escape closes and the focus is back on the thumbnail; axe
// with the lightbox open; the lightbox's code fetched on the first open and
// not before; the first photo fetched once (the server's preload is the
// rendition the page shows). Then the click-to-load video player.
import { test } from "node:test";
import assert from "node:assert/strict";
import { assertAccessible, baseURL, browser, declinedConsent, openPage, withBrowser } from "./support.mjs";
import { pageData, settle, unexpected, visit } from "./site.mjs";
import { listings } from "./platform-data.mjs";

const properties = listings("nl");
// Every photo of a listing, as its row embeds them (XLargePictureItems, the largest size).
const pictures = Object.fromEntries(properties.map((p) => [String(p.ID), p.XLargePictureItems ?? []]));

// The listing with the most photos among those with a YouTube video: the gallery and the player on one page.
const withVideo = properties.filter((p) => (p.VideoLinks ?? []).some((l) => /youtu/.test(l))).map((p) => String(p.ID));
const [id] = withVideo.sort((a, b) => (pictures[b]?.length ?? 0) - (pictures[a]?.length ?? 0));
const total = pictures[id].length;

// Vite names a lazy chunk after its module: src/features/gallery/GalleryLightbox.tsx.
const lightboxChunk = /\/assets\/GalleryLightbox-[\w-]+\.js$/;

withBrowser();

async function openDetail(lang = "nl") {
  // A cold cache: what loads when is read from the requests.
  const opened = await openPage(browser, { storage: declinedConsent, locale: `${lang}-BE`, fresh: true });
  const requests = [];
  opened.page.on("request", (req) => requests.push(req.url()));
  await visit(opened.page, `/property/${id}/`);
  const canonical = new URL(opened.page.url()).pathname;
  assert.match(canonical, new RegExp(`/${id}/$`), "the short address redirects to the listing");
  if (!canonical.startsWith(`/${lang}/`)) {
    const other = (await pageData(canonical)).alternates.find((a) => a.lang === lang);
    assert.ok(other, `property ${id} has a ${lang} page`);
    await visit(opened.page, other.path);
  }
  await opened.page.locator(".photo-gallery__main-img").waitFor();
  await settle(opened.page);
  return { ...opened, requests };
}

const focused = (page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    return { label: el?.getAttribute("aria-label") ?? "", inDialog: Boolean(el?.closest('[role="dialog"]')), tag: el?.tagName };
  });

test(`nl: the lightbox of property ${id} works with the keyboard only and loads when first opened`, async () => {
  assert.ok(total >= 3, `property ${id} needs several photos (has ${total})`);
  const { context, page, problems, requests } = await openDetail();
  try {
    assert.equal(await page.locator(".photo-gallery__thumb").count(), total - 1);
    assert.equal(
      await page.locator(".photo-gallery__all").textContent(),
      `Bekijk alle ${total} foto's`,
    );
    // The first photo: as preloaded by the server, so fetched once in one rendition.
    const img = page.locator(".photo-gallery__main-img");
    assert.equal(await img.getAttribute("sizes"), "(max-width: 1050px) 100vw, 1050px");
    assert.equal(await img.getAttribute("fetchpriority"), "high");
    const preload = await page.locator('link[rel="preload"][as="image"]').first();
    assert.equal(await preload.getAttribute("imagesrcset"), await img.getAttribute("srcset"));
    const firstPhoto = new URL(await img.evaluate((el) => el.currentSrc)).pathname;
    const folder = firstPhoto.replace(/[^/]+$/, "");
    assert.deepEqual(
      requests.filter((u) => u.startsWith(baseURL) && new URL(u).pathname.startsWith(folder)).map((u) => new URL(u).pathname),
      [firstPhoto],
      "the first photo is fetched once",
    );
    assert.ok(!requests.some((u) => lightboxChunk.test(u)), "no lightbox code before the first open");

    // Keyboard only: Tab from the top of the page to the first thumbnail.
    let reached = false;
    for (let i = 0; i < 150 && !reached; i++) {
      await page.keyboard.press("Tab");
      reached = (await focused(page)).label.startsWith(`Foto 2 van ${total}`);
    }
    assert.ok(reached, "Tab reaches the first thumbnail");
    await page.keyboard.press("Enter");

    const dialog = page.getByRole("dialog", { name: /^Foto's van / });
    await dialog.waitFor();
    assert.ok(requests.some((u) => lightboxChunk.test(u)), "the lightbox code came with the first open");
    const counter = dialog.locator(".yarl__counter");
    await counter.filter({ hasText: `2 / ${total}` }).waitFor();
    assert.ok((await focused(page)).inDialog, "the focus moved into the lightbox");

    await page.keyboard.press("ArrowRight");
    await counter.filter({ hasText: `3 / ${total}` }).waitFor();
    await page.keyboard.press("ArrowLeft");
    await counter.filter({ hasText: `2 / ${total}` }).waitFor();

    // Tab and Shift+Tab cycle through the lightbox's controls and never reach the page behind.
    const names = [];
    for (let i = 0; i < 8; i++) {
      await page.keyboard.press(i < 5 ? "Tab" : "Shift+Tab");
      const now = await focused(page);
      assert.ok(now.inDialog, `Tab ${i + 1} stays in the lightbox (${now.tag} ${now.label})`);
      names.push(now.label);
    }
    for (const name of ["Diavoorstelling starten", "Sluiten", "Vorige foto", "Volgende foto"]) {
      assert.ok(names.includes(name), `Tab reaches "${name}" (${names.join(", ")})`);
    }

    await assertAccessible(page, "property detail with the lightbox open");

    // Play and pause the slideshow from the keyboard: the next photo comes by itself.
    await dialog.getByRole("button", { name: "Diavoorstelling starten" }).focus();
    await page.keyboard.press("Enter");
    await dialog.getByRole("button", { name: "Diavoorstelling pauzeren" }).waitFor();
    await counter.filter({ hasNotText: `2 / ${total}` }).waitFor({ timeout: 8000 });
    await page.keyboard.press("Enter");
    await dialog.getByRole("button", { name: "Diavoorstelling starten" }).waitFor();

    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });
    const back = await focused(page);
    assert.ok(back.label.startsWith(`Foto 2 van ${total}`), `the focus is back on the thumbnail (${back.label})`);
    assert.equal(await page.locator("[inert]").count(), 0, "the page is usable again");
    assert.deepEqual(unexpected(problems), []);
  } finally {
    await context.close();
  }
});

test(`fr: the video of property ${id} loads from its host only when asked`, async () => {
  const { context, page, problems, requests } = await openDetail("fr");
  try {
    const section = page.getByRole("region", { name: "Vidéo" });
    await section.getByRole("heading", { level: 2, name: "Vidéo" }).waitFor();
    assert.equal(await section.locator("iframe").count(), 0);
    assert.ok(!requests.some((u) => !u.startsWith(baseURL)), "nothing is asked of another host before play");
    const link = section.getByRole("link", { name: /^Regarder sur YouTube/ });
    assert.match(await link.getAttribute("href"), /youtu/);

    const box = await section.locator(".property-videos__frame").boundingBox();
    await section.getByRole("button", { name: /^Lire la vidéo/ }).focus();
    await page.keyboard.press("Enter");
    const frame = section.locator("iframe");
    await frame.waitFor({ state: "attached" });
    assert.match(await frame.getAttribute("src"), /^https:\/\/www\.youtube-nocookie\.com\/embed\/[\w-]{11}\?autoplay=1$/);
    assert.match(await frame.getAttribute("title"), /^Vidéo\u00a0: /);
    const after = await section.locator(".property-videos__frame").boundingBox();
    assert.deepEqual([after.width, after.height], [box.width, box.height], "the player takes the reserved box: no layout shift");
    // The test browser reaches no other host, so the frame shows an error page, where the test's own storage
    // script (openPage) cannot read localStorage; the page itself must not fail for it.
    assert.deepEqual(
      unexpected(problems, /youtube-nocookie|Content Security Policy|ERR_NAME_NOT_RESOLVED|read the 'localStorage' property/),
      [],
    );
  } finally {
    await context.close();
  }
});

test(`the print stylesheet keeps the first four photos of property ${id} and drops the rest of the gallery`, async () => {
  const { context, page } = await openDetail();
  try {
    await page.emulateMedia({ media: "print" });
    assert.ok(await page.locator(".photo-gallery__main-img").isVisible());
    const printed = await page.locator(".photo-gallery__thumb-img").evaluateAll((imgs) => imgs.map((i) => i.getBoundingClientRect().width > 0));
    assert.deepEqual(printed, printed.map((_, i) => i < 3), "three thumbnails beside the first photo, no more");
    assert.equal(await page.locator(".photo-gallery__all").isVisible(), false);
    assert.equal(await page.locator(".property-videos").first().isVisible(), false);
    const { height } = await page.locator(".photo-gallery__main-img").boundingBox();
    assert.ok(height <= (9 / 2.54) * 96 + 1, `the printed photo is at most 9 cm high (${height}px)`);
  } finally {
    await context.close();
  }
});
