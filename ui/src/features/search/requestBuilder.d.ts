// algoliasearch-helper's request builder: the module the helper itself turns
// a state into the queries of a search with, which it does not type.
declare module "algoliasearch-helper/src/requestBuilder" {
  import type { SearchParameters } from "algoliasearch-helper";

  const requestBuilder: {
    _getQueries(index: string, state: SearchParameters): { indexName: string; params: Record<string, unknown> }[];
  };
  export default requestBuilder;
}
