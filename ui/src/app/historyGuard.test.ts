// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from "vitest";
import { reloadOnHistoryUntilRunning } from "./historyGuard";

const pop = () => window.dispatchEvent(new PopStateEvent("popstate"));

describe("reloadOnHistoryUntilRunning", () => {
  let stop = () => {};
  afterEach(() => {
    stop();
    delete document.documentElement.dataset.app;
    history.replaceState(null, "", "/");
  });

  it("loads the page of another address reached by Back before the app runs", () => {
    history.replaceState(null, "", "/nl/te-koop/?type=82&price=-300000");
    const reload = vi.fn();
    stop = reloadOnHistoryUntilRunning(window, reload);
    history.replaceState(null, "", "/nl/te-koop/?type=82");
    pop();
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it("leaves a jump to an anchor of the same page alone", () => {
    history.replaceState(null, "", "/nl/te-koop/");
    const reload = vi.fn();
    stop = reloadOnHistoryUntilRunning(window, reload);
    history.replaceState(null, "", "/nl/te-koop/#main");
    pop();
    expect(reload).not.toHaveBeenCalled();
  });

  it("stops once the app runs: the app follows the address itself", async () => {
    history.replaceState(null, "", "/nl/te-koop/?type=82&price=-300000");
    const reload = vi.fn();
    stop = reloadOnHistoryUntilRunning(window, reload);
    document.documentElement.dataset.app = "running";
    await Promise.resolve(); // the observer's callback is a microtask
    history.replaceState(null, "", "/nl/te-koop/?type=82");
    pop();
    expect(reload).not.toHaveBeenCalled();
  });
});
