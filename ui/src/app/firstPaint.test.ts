// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from "vitest";
import { afterFirstPaint, appendInSlices } from "./firstPaint";

type Listener = () => void;

/** A window with just what afterFirstPaint reads, whose load, paint and visibility the test drives. */
function fakeWindow({ readyState = "loading", visibility = "visible", paintTiming = true, painted = false } = {}) {
  const listeners = new Map<string, Listener[]>();
  const on = (type: string, fn: Listener) => listeners.set(type, [...(listeners.get(type) ?? []), fn]);
  const fire = (type: string) => (listeners.get(type) ?? []).forEach((fn) => fn());
  const observers: { cb: () => void; connected: boolean }[] = [];
  const entries: unknown[] = painted ? [{ name: "first-paint" }] : [];
  class Observer {
    static supportedEntryTypes = paintTiming ? ["paint", "longtask"] : ["longtask"];
    private readonly me: { cb: () => void; connected: boolean };
    constructor(cb: () => void) {
      this.me = { cb, connected: false };
      observers.push(this.me);
    }
    observe() {
      this.me.connected = true;
    }
    disconnect() {
      this.me.connected = false;
    }
  }
  const frames: Listener[] = [];
  const doc = {
    readyState,
    visibilityState: visibility,
    addEventListener: on,
    removeEventListener: vi.fn(),
  };
  const win = {
    document: doc,
    PerformanceObserver: Observer,
    performance: { getEntriesByType: () => entries },
    addEventListener: on,
    requestAnimationFrame: (fn: Listener) => frames.push(fn),
    setTimeout: (fn: Listener) => setTimeout(fn, 0),
  } as unknown as Window;
  return {
    win,
    load: () => fire("load"),
    paint: () => observers.filter((o) => o.connected).forEach((o) => o.cb()),
    frame: () => frames.splice(0).forEach((fn) => fn()),
    hide: () => {
      doc.visibilityState = "hidden";
      fire("visibilitychange");
    },
  };
}

/** Whether the promise has settled after the pending tasks have run. */
async function settled(p: Promise<void>): Promise<boolean> {
  let done = false;
  void p.then(() => (done = true));
  for (let i = 0; i < 3; i++) await new Promise((r) => setTimeout(r, 0));
  return done;
}

afterEach(() => vi.restoreAllMocks());

describe("afterFirstPaint", () => {
  it("waits for both the load event and the first paint", async () => {
    const w = fakeWindow();
    const p = afterFirstPaint(w.win);
    expect(await settled(p)).toBe(false);
    w.paint();
    expect(await settled(p)).toBe(false);
    w.load();
    expect(await settled(p)).toBe(true);
  });

  it("resolves soon when the page has loaded and painted already", async () => {
    const w = fakeWindow({ readyState: "complete", painted: true });
    expect(await settled(afterFirstPaint(w.win))).toBe(true);
  });

  it("does not wait for a paint in a hidden page, nor in one hidden before painting", async () => {
    const hidden = fakeWindow({ readyState: "complete", visibility: "hidden" });
    expect(await settled(afterFirstPaint(hidden.win))).toBe(true);

    const later = fakeWindow({ readyState: "complete" });
    const p = afterFirstPaint(later.win);
    expect(await settled(p)).toBe(false);
    later.hide();
    expect(await settled(p)).toBe(true);
  });

  it("takes a frame after load for the paint where paint timing is unknown", async () => {
    const w = fakeWindow({ paintTiming: false });
    const p = afterFirstPaint(w.win);
    w.load();
    expect(await settled(p)).toBe(false);
    w.frame();
    expect(await settled(p)).toBe(true);
  });
});

describe("appendInSlices", () => {
  /** A window whose clock the appended nodes advance, and whose tasks the test counts. */
  function slowWindow(msPerNode: number) {
    let now = 0;
    let tasks = 0;
    const win = {
      performance: { now: () => now },
      setTimeout: (fn: () => void) => {
        tasks++;
        return setTimeout(fn, 0);
      },
    } as unknown as Window;
    return { win, tick: () => (now += msPerNode), tasks: () => tasks };
  }

  function links(n: number): DocumentFragment {
    const template = document.createElement("template");
    template.innerHTML = Array.from({ length: n }, (_, i) => `<link rel="modulepreload" href="/assets/${i}.js">`).join("");
    return template.content;
  }

  it("moves every node, in order, yielding a task each time a slice has used its budget", async () => {
    const w = slowWindow(3);
    const head = document.createElement("head");
    const appendChild = head.appendChild.bind(head);
    head.appendChild = <T extends Node>(node: T): T => {
      w.tick();
      return appendChild(node);
    };
    const files = links(10);
    await appendInSlices(head, files.childNodes, 8, w.win);
    expect([...head.children].map((l) => l.getAttribute("href"))).toEqual(Array.from({ length: 10 }, (_, i) => `/assets/${i}.js`));
    expect(files.childNodes).toHaveLength(0);
    // 3 ms a node against 8 ms a slice: slices of 3, so 3 yields for 10 nodes.
    expect(w.tasks()).toBe(3);
  });

  it("does not yield when everything fits in one slice", async () => {
    const w = slowWindow(0);
    const head = document.createElement("head");
    await appendInSlices(head, links(30).childNodes, 8, w.win);
    expect(head.children).toHaveLength(30);
    expect(w.tasks()).toBe(0);
  });
});
