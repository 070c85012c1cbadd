/**
 * The list's search moves through the history by itself (InstantSearch's
 * router): after a reload, Back returns to such an entry in the same
 * document. Until the app runs (html[data-app=running], set once the view
 * has hydrated), nothing follows that change of address, so the page at
 * the new address is loaded instead. A jump to an anchor of the same page
 * (the skip link) is left alone. Returns a function that stops watching.
 */
export function reloadOnHistoryUntilRunning(win: Window = window, reload: () => void = () => win.location.reload()): () => void {
  const root = win.document.documentElement;
  const served = win.location.pathname + win.location.search;
  const onPop = () => {
    if (win.location.pathname + win.location.search !== served) reload();
  };
  const stop = () => {
    win.removeEventListener("popstate", onPop);
    watch.disconnect();
  };
  const watch = new MutationObserver(() => {
    if (root.dataset.app === "running") stop();
  });
  win.addEventListener("popstate", onPop);
  watch.observe(root, { attributes: true, attributeFilter: ["data-app"] });
  return stop;
}
