/**
 * Whether the server rendered the page into the container: an empty
 * container (whitespace at most) means it fell back to the client render
 * (timeout, error, full queue) or the page came from Vite's dev server.
 */
export function hasServerHtml(container: Element): boolean {
  return container.firstElementChild !== null;
}

/**
 * Resolves once the page has loaded (its images too) and the browser has
 * painted it: the moment to hydrate the server's HTML. Hydrating earlier
 * puts the app's work in front of the first paint, which then waits for
 * it (Chromium presents its first frame late while the main thread is
 * busy, and Lighthouse counts the work in FCP and LCP). A hidden page has
 * no paint to wait for and starts at once; where paint timing is unknown,
 * a frame after load stands for it.
 */
export function afterFirstPaint(win: Window = window): Promise<void> {
  const doc = win.document;
  const loaded =
    doc.readyState === "complete"
      ? Promise.resolve()
      : new Promise<void>((resolve) => win.addEventListener("load", () => resolve(), { once: true }));
  return Promise.all([loaded, painted(win)]).then(() => nextTask(win));
}

function painted(win: Window): Promise<void> {
  if (win.document.visibilityState === "hidden") return Promise.resolve();
  const Observer = (win as Window & { PerformanceObserver?: typeof PerformanceObserver }).PerformanceObserver;
  const types = Observer?.supportedEntryTypes ?? [];
  if (!Observer || !types.includes("paint")) return nextFrame(win);
  if (win.performance.getEntriesByType("paint").length > 0) return Promise.resolve();
  return new Promise<void>((resolve) => {
    const done = () => {
      observer.disconnect();
      win.document.removeEventListener("visibilitychange", onHidden);
      resolve();
    };
    const observer = new Observer(() => done());
    // A page hidden before its first paint will not paint until shown again.
    const onHidden = () => {
      if (win.document.visibilityState === "hidden") done();
    };
    observer.observe({ type: "paint", buffered: true });
    win.document.addEventListener("visibilitychange", onHidden);
  });
}

/** After the next frame has been drawn: a task queued from requestAnimationFrame runs after its paint. */
function nextFrame(win: Window): Promise<void> {
  if (typeof win.requestAnimationFrame !== "function") return Promise.resolve();
  return new Promise<void>((resolve) => win.requestAnimationFrame(() => resolve()));
}

export function nextTask(win: Window = window): Promise<void> {
  return new Promise<void>((resolve) => win.setTimeout(resolve, 0));
}

/**
 * Moves the nodes into the parent a few at a time, yielding to the browser
 * between slices. Each preload link the browser takes in sets up a request
 * (2–16 ms apiece on a phone-speed CPU): the app's ~30 files appended at
 * once made one task of ~200 ms right after the first paint.
 */
export async function appendInSlices(parent: Node, nodes: Iterable<Node>, budgetMs = 8, win: Window = window): Promise<void> {
  let sliceStart = win.performance.now();
  for (const node of Array.from(nodes)) {
    if (win.performance.now() - sliceStart >= budgetMs) {
      await nextTask(win);
      sliceStart = win.performance.now();
    }
    parent.appendChild(node);
  }
}
