import { notifyManager, timeoutManager } from "@tanstack/react-query";

// The server's engine has no timers, and a render's query cache lives only
// as long as the render: nothing is ever collected, refetched or notified
// later. The query library's timers (a cache entry's gcTime) are no-ops here,
// and what it would notify in a later task (no one subscribes during a
// render) runs at once.
timeoutManager.setTimeoutProvider({
  setTimeout: () => 0,
  clearTimeout: () => {},
  setInterval: () => 0,
  clearInterval: () => {},
});
notifyManager.setScheduler((callback) => callback());
