import { describe, expect, it } from "vitest";
import type { PropertyVideo } from "../../lib/api/types";
import { hasBrand, hostOf, isTour, playerUrl } from "./videos";

const video = (kind: PropertyVideo["kind"], embedUrl: string, url = embedUrl): PropertyVideo => ({ kind, url, embedUrl });

describe("videos", () => {
  it("names the known hosts by their brand and the others by their host name", () => {
    expect(hostOf(video("youtube", "https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ"))).toBe("YouTube");
    expect(hostOf(video("facebook", "https://www.facebook.com/plugins/video.php?href=x"))).toBe("Facebook");
    expect(hostOf(video("partner", "https://www.tvl.be/embed/123"))).toBe("tvl.be");
    expect(hostOf(video("tour", "not an address"))).toBe("");
    expect(hasBrand(video("vimeo", "https://player.vimeo.com/video/1"))).toBe(true);
    expect(hasBrand(video("tour", "https://my.matterport.com/show/?m=x"))).toBe(false);
  });

  it("starts YouTube and Vimeo at once after the press, and leaves other players as given", () => {
    expect(playerUrl(video("youtube", "https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ"))).toBe(
      "https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ?autoplay=1",
    );
    expect(playerUrl(video("vimeo", "https://player.vimeo.com/video/1?dnt=1"))).toBe("https://player.vimeo.com/video/1?dnt=1&autoplay=1");
    const tour = "https://my.matterport.com/show/?m=X8qfvKeFOrm";
    expect(playerUrl(video("tour", tour))).toBe(tour);
    expect(playerUrl(video("youtube", "broken"))).toBe("broken");
  });

  it("tells tours from videos", () => {
    expect(isTour(video("tour", "https://x.test/"))).toBe(true);
    expect(isTour(video("partner", "https://x.test/"))).toBe(false);
  });
});
