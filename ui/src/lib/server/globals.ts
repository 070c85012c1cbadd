import CoreURL from "core-js-pure/actual/url";
import CoreURLSearchParams from "core-js-pure/actual/url-search-params";

// What the server's JavaScript engine lacks and a render uses, set up before
// any other module of the bundle loads (entry-server.tsx imports this first:
// react-router makes a URL as it loads, the language switcher and the share
// links make more). QuickJS and goja have no URL; core-js's is the WHATWG
// standard's. Where the engine has its own (node in the tests), it is kept.

const scope = globalThis as Record<string, unknown>;
if (typeof scope.URL !== "function") scope.URL = CoreURL;
if (typeof scope.URLSearchParams !== "function") scope.URLSearchParams = CoreURLSearchParams;
