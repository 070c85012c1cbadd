import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import axe from "axe-core";
import { I18nextProvider } from "react-i18next";
import { describe, expect, it } from "vitest";
import type { PropertyVideo } from "../../lib/api/types";
import { propertyI18n } from "../../lib/i18n/testing";
import { PropertyVideos } from "./PropertyVideos";

const title = "Hedendaagse villa met vijf slaapkamers";

const youtube: PropertyVideo = {
  kind: "youtube",
  url: "https://youtu.be/aqz-KE-bpKQ",
  embedUrl: "https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ",
};
const vimeo: PropertyVideo = {
  kind: "vimeo",
  url: "https://vimeo.com/76979871",
  embedUrl: "https://player.vimeo.com/video/76979871?dnt=1",
};
const tour: PropertyVideo = {
  kind: "tour",
  url: "https://my.matterport.com/show/?m=X8qfvKeFOrm",
  embedUrl: "https://my.matterport.com/show/?m=X8qfvKeFOrm",
};
const file: PropertyVideo = {
  kind: "file",
  url: "https://www.example.be/media/villa.mp4",
  embedUrl: "https://www.example.be/media/villa.mp4",
};

function renderVideos(videos: PropertyVideo[], lang = "en") {
  return render(
    <I18nextProvider i18n={propertyI18n(lang)}>
      <main>
        <h1>{title}</h1>
        <PropertyVideos videos={videos} title={title} />
      </main>
    </I18nextProvider>,
  );
}

describe("PropertyVideos", () => {
  it("renders nothing without videos", () => {
    renderVideos([]);
    expect(document.querySelector("main")?.children).toHaveLength(1);
  });

  it("asks nothing of YouTube before the visitor presses play, then mounts its player", async () => {
    const user = userEvent.setup();
    renderVideos([youtube]);
    const section = screen.getByRole("region", { name: "Video" });
    expect(within(section).getByRole("heading", { level: 2, name: "Video" })).toBeTruthy();
    expect(document.querySelector("iframe")).toBeNull();
    expect(section.innerHTML).not.toContain("youtube-nocookie");

    const link = within(section).getByRole("link", { name: "Watch on YouTube (opens in a new tab)" });
    expect(link.getAttribute("href")).toBe(youtube.url);
    expect(link.getAttribute("target")).toBe("_blank");
    expect(link.getAttribute("rel")).toBe("noopener noreferrer");
    expect(within(section).getByText("The player loads from YouTube only when you press the button.")).toBeTruthy();

    await user.click(within(section).getByRole("button", { name: `Play the video ${title}` }));
    const frame = section.querySelector("iframe");
    if (!frame) throw new Error("no player after play");
    expect(frame.getAttribute("src")).toBe("https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ?autoplay=1");
    expect(frame.getAttribute("title")).toBe(`Video: ${title}`);
    expect(frame.getAttribute("allow")).toContain("fullscreen; picture-in-picture");
    expect(frame.hasAttribute("allowfullscreen")).toBe(true);
    expect(frame.getAttribute("loading")).toBe("lazy");
    expect(document.activeElement).toBe(frame);
    expect(within(section).queryByRole("button")).toBeNull();
  });

  it("keeps Vimeo's own parameters when it adds autoplay", async () => {
    const user = userEvent.setup();
    renderVideos([vimeo]);
    await user.click(screen.getByRole("button", { name: /^Play the video/ }));
    expect(document.querySelector("iframe")?.getAttribute("src")).toBe("https://player.vimeo.com/video/76979871?dnt=1&autoplay=1");
    expect(screen.getByRole("link", { name: /^Watch on Vimeo/ })).toBeTruthy();
  });

  it("puts a virtual tour under its own heading and opens it as given", async () => {
    const user = userEvent.setup();
    renderVideos([tour], "nl");
    const section = screen.getByRole("region", { name: "Virtuele rondleiding" });
    expect(within(section).getByText("De speler wordt pas van my.matterport.com geladen wanneer u op de knop drukt.")).toBeTruthy();
    expect(within(section).getByRole("link", { name: "Openen in een nieuw tabblad (opent in een nieuw tabblad)" })).toBeTruthy();
    await user.click(within(section).getByRole("button", { name: `Virtuele rondleiding openen ${title}` }));
    const frame = section.querySelector("iframe");
    expect(frame?.getAttribute("src")).toBe(tour.embedUrl);
    expect(frame?.getAttribute("title")).toBe(`Virtuele rondleiding: ${title}`);
  });

  it("plays a video file in the page's own player, fetching nothing before play", () => {
    renderVideos([file], "fr");
    const section = screen.getByRole("region", { name: "Vidéo" });
    const video = section.querySelector("video");
    if (!video) throw new Error("no video element");
    expect(video.hasAttribute("controls")).toBe(true);
    expect(video.getAttribute("preload")).toBe("none");
    expect(video.getAttribute("aria-label")).toBe(`Vidéo\u00a0: ${title}`);
    expect(video.querySelector("source")?.getAttribute("src")).toBe(file.embedUrl);
    expect(within(section).queryByRole("button")).toBeNull();
  });

  it("numbers several videos and keeps tours apart, each section under an h2", async () => {
    renderVideos([youtube, tour, vimeo]);
    const videos = screen.getByRole("region", { name: "Videos" });
    expect(within(videos).getAllByRole("button").map((b) => b.textContent)).toEqual([
      `Play the video (1 of 2) ${title}`,
      `Play the video (2 of 2) ${title}`,
    ]);
    expect(screen.getByRole("region", { name: "Virtual tour" })).toBeTruthy();
    expect([...document.querySelectorAll("h2")].map((h) => h.textContent)).toEqual(["Videos", "Virtual tour"]);
    const results = await axe.run(document.body, { rules: { "color-contrast": { enabled: false } } });
    expect(results.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id)).toEqual([]);
  });
});
