import { ServerURL, ServerURLSearchParams } from "./url";

// What the server's JavaScript engine lacks and a render uses, set up before
// any other module of the bundle loads (entry-server.tsx imports this first:
// react-router makes a URL as it loads). Where the engine has its own (node
// in the tests), it is kept.

const scope = globalThis as Record<string, unknown>;
if (typeof scope.URL !== "function") scope.URL = ServerURL;
if (typeof scope.URLSearchParams !== "function") scope.URLSearchParams = ServerURLSearchParams;
