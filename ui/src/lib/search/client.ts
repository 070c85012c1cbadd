import { liteClient } from "algoliasearch/lite";

/** The site's own search API speaks Algolia's protocol; the app id and key are fixed public values it ignores. */
export function createSearchClient(location: Pick<Location, "host" | "protocol"> = window.location) {
  return liteClient("estate", "public", {
    hosts: [{ url: location.host, protocol: location.protocol.replace(":", "") as "http" | "https", accept: "read" }],
  });
}

/**
 * The host of the search client a render on the server makes. The server
 * never searches: InstantSearch starts its first search in an effect, or
 * starts from the initial results it was given. The client is made all the
 * same, so InstantSearch sets up as it does in the browser.
 */
export const serverSearchHost = { host: "localhost", protocol: "http:" } as const;

export type SearchClient = ReturnType<typeof createSearchClient>;

const never = new Promise<never>(() => {});

/**
 * A client whose answers are dropped once the list is gone: InstantSearch
 * stops listening for errors at unmount, and a search failing after that
 * (the visitor left mid-request) would otherwise surface as an uncaught error.
 * Nothing is asked once it is gone: an instance left behind (the list's router.ts)
 * searches again as its widgets go.
 */
export function detachableClient(client: SearchClient) {
  let attached = true;
  const search: SearchClient["search"] = (requests, options) =>
    attached
      ? client.search(requests, options).then(
          (r) => (attached ? r : never),
          (e: unknown) => (attached ? Promise.reject(e) : never),
        )
      : never;
  return {
    client: { ...client, search } as SearchClient,
    attach: () => {
      attached = true;
    },
    detach: () => {
      attached = false;
    },
  };
}
