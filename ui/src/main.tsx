import { afterFirstPaint, appendInSlices, hasServerHtml, nextTask } from "./app/firstPaint";
import { reloadOnHistoryUntilRunning } from "./app/historyGuard";

// The entry holds only this, so nothing runs before the server's HTML has
// painted. After the paint, React DOM and the app are evaluated in tasks of
// their own (a dynamic import evaluates its module graph in one task): the
// browser can handle input between them. A page the server did not render
// has nothing to show until the app runs, so it starts at once.
async function boot(container: HTMLElement): Promise<void> {
  if (hasServerHtml(container)) {
    await afterFirstPaint();
    // The server holds back what the app loads (its chunks, the view's,
    // the texts) until now; announced together, they load in one round.
    const files = document.getElementById("app-files");
    if (files instanceof HTMLTemplateElement) await appendInSlices(document.head, files.content.childNodes);
    await import("react-dom/client");
    await nextTask();
  }
  const { startApp } = await import("./app/start");
  await startApp(container);
}

const container = document.getElementById("root");
if (container) {
  reloadOnHistoryUntilRunning();
  void boot(container);
}
