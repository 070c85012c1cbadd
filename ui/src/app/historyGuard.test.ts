// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from "vitest";
import { reloadOnHistoryUntilRunning } from "./historyGuard";

describe("reloadOnHistoryUntilRunning", () => {
  let stop = () => {};
  afterEach(() => {
    stop();
    delete document.documentElement.dataset.app;
    history.replaceState(null, "", "/");
  });

  /** Serves `served`, guarded; `popTo` then goes to an address as Back does. Returns the reload spy. */
  function guardAt(served: string) {
    history.replaceState(null, "", served);
    const reload = vi.fn();
    stop = reloadOnHistoryUntilRunning(window, reload);
    const popTo = (address: string) => {
      history.replaceState(null, "", address);
      window.dispatchEvent(new PopStateEvent("popstate"));
    };
    return { reload, popTo };
  }

  it("loads the page of another address reached by Back before the app runs", () => {
    const { reload, popTo } = guardAt("/nl/te-koop/?type=82&price=-300000");
    popTo("/nl/te-koop/?type=82");
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it("leaves a jump to an anchor of the same page alone", () => {
    const { reload, popTo } = guardAt("/nl/te-koop/");
    popTo("/nl/te-koop/#main");
    expect(reload).not.toHaveBeenCalled();
  });

  it("stops once the app runs: the app follows the address itself", async () => {
    const { reload, popTo } = guardAt("/nl/te-koop/?type=82&price=-300000");
    document.documentElement.dataset.app = "running";
    await Promise.resolve(); // the observer's callback is a microtask
    popTo("/nl/te-koop/?type=82");
    expect(reload).not.toHaveBeenCalled();
  });
});
