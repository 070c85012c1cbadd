// capture.mjs records the HTTP requests the official Algolia clients and
// InstantSearch send, so the Go decoder in httpd/algolia is tested against
// real wire bodies rather than our idea of them. It is a tool, not a test:
// `make test` never runs it. See README.md in this directory for how to run it.
//
// It starts a loopback HTTP server that records every request and answers a
// minimal valid Algolia response, drives the clients against it, and writes
// each request body byte for byte to <out>/<name>.body.json (a GET's query
// string to <name>.query.txt), plus requests.json describing them all.

import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

// Resolve the npm packages from the working directory (a scratch directory
// outside the repository), not from this file's directory.
const require = createRequire(join(process.cwd(), 'capture.cjs'));
const { algoliasearch } = require('algoliasearch');
const { liteClient } = require('algoliasearch/lite');
const algoliasearchV4 = require('algoliasearch-v4');
const instantsearch = require('instantsearch.js').default;
const connectors = require('instantsearch.js/cjs/connectors');
const algoliasearchHelper = require('algoliasearch-helper');

const out = resolve(process.argv[2] ?? 'out');
mkdirSync(out, { recursive: true });

// Read versions from disk: algoliasearch v5 does not export its package.json.
const version = (pkg) =>
  JSON.parse(readFileSync(join(process.cwd(), 'node_modules', pkg, 'package.json'), 'utf8')).version;
const versions = {
  algoliasearch: version('algoliasearch'),
  'algoliasearch-v4': version('algoliasearch-v4'),
  'instantsearch.js': version('instantsearch.js'),
  'algoliasearch-helper': version('algoliasearch-helper'),
  node: process.version,
};

// ---- the recording server -------------------------------------------------

let scenario = null; // {name, client, description, requests: []}
const manifest = [];

function emptyResult(r) {
  if (r && r.type === 'facet') {
    return { facetHits: [], exhaustiveFacetsCount: true, processingTimeMS: 1 };
  }
  return {
    hits: [],
    nbHits: 0,
    page: 0,
    nbPages: 0,
    hitsPerPage: 20,
    exhaustiveNbHits: true,
    query: '',
    params: '',
    index: (r && r.indexName) || 'properties_nl',
    facets: {},
    processingTimeMS: 1,
  };
}

function answer(path, body) {
  let parsed = null;
  try {
    parsed = body ? JSON.parse(body) : null;
  } catch {
    parsed = null;
  }
  if (path.includes('/facets/')) {
    return emptyResult({ type: 'facet' });
  }
  if (path.startsWith('/1/indexes/*/queries')) {
    const reqs = (parsed && parsed.requests) || [];
    return { results: reqs.map(emptyResult) };
  }
  return emptyResult(null);
}

const keptHeaders = ['content-type', 'content-length', 'transfer-encoding', 'x-algolia-application-id',
  'x-algolia-api-key', 'x-algolia-agent', 'accept', 'user-agent'];

const server = createServer((req, res) => {
  const chunks = [];
  req.on('data', (c) => chunks.push(c));
  req.on('end', () => {
    const body = Buffer.concat(chunks).toString('utf8');
    const url = new URL(req.url, 'http://127.0.0.1');
    const headers = {};
    for (const h of keptHeaders) {
      if (req.headers[h] !== undefined) headers[h] = req.headers[h];
    }
    if (scenario) {
      scenario.requests.push({
        method: req.method,
        path: decodeURIComponent(url.pathname),
        rawPath: url.pathname,
        query: Object.fromEntries(url.searchParams),
        rawQuery: url.search.replace(/^\?/, ''),
        headers,
        body,
      });
    }
    res.writeHead(200, { 'content-type': 'application/json; charset=UTF-8' });
    res.end(JSON.stringify(answer(decodeURIComponent(url.pathname), body)));
  });
});

await new Promise((ok) => server.listen(0, '127.0.0.1', ok));
const port = server.address().port;
const host = `127.0.0.1:${port}`;

const wait = (ms) => new Promise((ok) => setTimeout(ok, ms));

async function capture(name, client, description, fn) {
  scenario = { name, client, description, requests: [] };
  await fn();
  await wait(150); // let InstantSearch's debounced searches land
  const s = scenario;
  scenario = null;
  if (s.requests.length === 0) throw new Error(`${name}: no request captured`);
  s.requests.forEach((r, i) => {
    const base = s.requests.length === 1 ? name : `${name}-${i + 1}`;
    const entry = {
      name: base,
      scenario: name,
      client,
      description,
      method: r.method,
      path: r.path,
      query: r.query,
      headers: r.headers,
    };
    if (r.method === 'GET') {
      entry.queryFile = `${base}.query.txt`;
      writeFileSync(join(out, entry.queryFile), r.rawQuery);
    }
    if (r.body !== '') {
      entry.body = `${base}.body.json`;
      writeFileSync(join(out, entry.body), r.body);
    }
    manifest.push(entry);
  });
  console.log(`${name}: ${s.requests.length} request(s)`);
}

// ---- the clients ----------------------------------------------------------

const hosts = [{ url: host, protocol: 'http', accept: 'readWrite' }];
const v5 = algoliasearch('TESTAPPID', 'test-search-key', { hosts });
const lite = liteClient('TESTAPPID', 'test-search-key', { hosts });
const v4 = algoliasearchV4('TESTAPPID', 'test-search-key', {
  hosts: [{ url: host, protocol: 'http', accept: 3 }],
});
const v5name = `algoliasearch ${versions.algoliasearch}`;
const v4name = `algoliasearch ${versions['algoliasearch-v4']}`;

await capture('v5-search-multi', v5name, 'client.search with two flattened requests (quick search: properties + towns) and a strategy', () =>
  v5.search({
    requests: [
      {
        indexName: 'properties_nl',
        query: 'bouil',
        hitsPerPage: 5,
        attributesToRetrieve: ['objectID', 'id', 'type', 'city', 'thumbnail', 'descriptionShort', 'url'],
        attributesToHighlight: ['city', 'type'],
      },
      { indexName: 'cities_nl', query: 'bouil', hitsPerPage: 3 },
    ],
    strategy: 'none',
  }));

await capture('v5-search-filters', v5name, 'client.search with facets, facetFilters (nested OR, negation), numericFilters, filters string and paging', () =>
  v5.search({
    requests: [
      {
        indexName: 'properties_fr_price_asc',
        query: 'maison jardin',
        page: 1,
        hitsPerPage: 12,
        facets: ['city', 'type', 'bedrooms', 'price'],
        maxValuesPerFacet: 50,
        sortFacetValuesBy: 'alpha',
        facetFilters: [['city:Bouillon', 'city:Arlon'], 'goal:sale', 'status:-sold'],
        numericFilters: ['price>=100000', ['bedrooms=3', 'bedrooms=4'], 'surfaceLiving:80 TO 250'],
        filters: '(type:"Maison de maître" OR type:Villa) AND NOT marquee:1 AND epcValue < 200.5',
        highlightPreTag: '<mark>',
        highlightPostTag: '</mark>',
        attributesToSnippet: ['description:20'],
        getRankingInfo: true,
        analytics: false,
        clickAnalytics: true,
        distinct: false,
        tagFilters: ['promo'],
      },
    ],
  }));

await capture('v5-search-geo', v5name, 'client.search with aroundLatLng/aroundRadius, insideBoundingBox and insidePolygon', () =>
  v5.search({
    requests: [
      { indexName: 'properties_nl', aroundLatLng: '50.8466, 4.3528', aroundRadius: 5000, hitsPerPage: 20 },
      { indexName: 'properties_nl', aroundLatLng: '49.79,5.07', aroundRadius: 'all', aroundLatLngViaIP: false },
      { indexName: 'properties_nl', insideBoundingBox: [[51.5, 5.9, 49.5, 2.5], [50.2, 6.4, 49.4, 5.7]] },
      { indexName: 'properties_nl', insidePolygon: [[50.9, 4.2, 50.9, 4.5, 50.7, 4.5, 50.7, 4.2]] },
    ],
  }));

await capture('v5-search-offset', v5name, 'client.search with offset/length instead of page', () =>
  v5.search({ requests: [{ indexName: 'properties_nl_newest', query: '', offset: 40, length: 10 }] }));

await capture('v5-search-facet-type', v5name, 'client.search with a request of type "facet" (search for facet values inside a multi-query)', () =>
  v5.search({
    requests: [{ indexName: 'properties_nl', type: 'facet', facet: 'city', facetQuery: 'lie', maxFacetHits: 10, facetFilters: ['goal:sale'] }],
  }));

await capture('v5-search-single-index', v5name, 'client.searchSingleIndex: POST /1/indexes/{index}/query with flattened params', () =>
  v5.searchSingleIndex({
    indexName: 'properties_nl',
    searchParams: { query: 'gent', filters: 'goal:rent AND price <= 1200', hitsPerPage: 10, page: 2 },
  }));

await capture('v5-search-for-facet-values', v5name, 'client.searchForFacetValues: POST /1/indexes/{index}/facets/{facet}/query', () =>
  v5.searchForFacetValues({
    indexName: 'properties_fr',
    facetName: 'city',
    searchForFacetValuesRequest: { facetQuery: 'lie', maxFacetHits: 5, params: 'filters=goal%3Asale' },
  }));

await capture('v5-lite-search', `algoliasearch/lite ${versions.algoliasearch}`, 'liteClient.search (what react-instantsearch is given) with the legacy array form', () =>
  lite.search([
    { indexName: 'properties_nl', params: { query: '1234', hitsPerPage: 5 } },
    { indexName: 'cities_nl', params: { query: '1234', hitsPerPage: 3 } },
  ]));

await capture('v4-search-multi', v4name, 'v4 client.multipleQueries: params as a URL-encoded string', () =>
  v4.multipleQueries([
    {
      indexName: 'properties_nl',
      params: {
        query: 'villa',
        facets: ['city', 'type'],
        facetFilters: [['city:Bouillon', 'city:Arlon'], 'goal:sale'],
        numericFilters: ['price>=100000'],
        hitsPerPage: 20,
        page: 0,
      },
    },
    { indexName: 'cities_nl', params: { query: 'villa', hitsPerPage: 3 } },
  ], { strategy: 'stopIfEnoughMatches' }));

await capture('v4-index-search', v4name, 'v4 index.search: POST /1/indexes/{index}/query (v4.27 flattens the parameters into the body)', () =>
  v4.initIndex('properties_nl_price_desc').search('gent', {
    filters: 'goal:sale AND bedrooms >= 2',
    insideBoundingBox: [[51.2, 3.9, 50.9, 3.5]],
    hitsPerPage: 10,
  }));

await capture('v4-search-for-facet-values', v4name, 'v4 index.searchForFacetValues: POST /1/indexes/{index}/facets/{facet}/query, flattened', () =>
  v4.initIndex('properties_nl').searchForFacetValues('city', 'bou', { maxFacetHits: 10, filters: 'goal:sale' }));

await capture('v5-custom-get', v5name, 'client.customGet on GET /1/indexes/{index}: how a client puts search parameters (arrays comma-joined) in a query string', () =>
  v5.customGet({
    path: '1/indexes/properties_nl',
    parameters: { query: 'gent', hitsPerPage: 5, facets: ['city', 'type'], aroundLatLng: '51.05,3.72', aroundRadius: 3000 },
  }));

// ---- InstantSearch, headless ---------------------------------------------

const noop = () => {};
let refiners = {};

function widgets() {
  return [
    connectors.connectConfigure(noop)({ searchParameters: { hitsPerPage: 20 } }),
    connectors.connectSearchBox(noop)(),
    connectors.connectHits(noop)(),
    connectors.connectPagination(noop)(),
    connectors.connectMenu(noop)({ attribute: 'goal' }),
    connectors.connectRefinementList((r) => { refiners.city = r; })({ attribute: 'city' }),
    connectors.connectRefinementList(noop)({ attribute: 'type', operator: 'or' }),
    connectors.connectRefinementList(noop)({ attribute: 'features', operator: 'and' }),
    connectors.connectRange(noop)({ attribute: 'price' }),
    connectors.connectNumericMenu(noop)({
      attribute: 'bedrooms',
      items: [{ label: 'all' }, { label: '2+', start: 2 }, { label: '3+', start: 3 }],
    }),
    connectors.connectToggleRefinement(noop)({ attribute: 'status', on: 'available' }),
    connectors.connectSortBy(noop)({
      items: [
        { label: 'relevance', value: 'properties_nl' },
        { label: 'price up', value: 'properties_nl_price_asc' },
      ],
    }),
    connectors.connectGeoSearch((r) => { refiners.geo = r; })(),
  ];
}

async function runInstantSearch(searchClient, initialUiState, after) {
  refiners = {};
  const search = instantsearch({ indexName: 'properties_nl', searchClient, initialUiState });
  search.addWidgets(widgets());
  search.start();
  await wait(100);
  if (after) {
    await after(search);
    await wait(100);
  }
  search.dispose();
}

const refined = {
  properties_nl: {
    query: 'villa',
    page: 2,
    menu: { goal: 'sale' },
    refinementList: { city: ['Bouillon', 'Arlon'], type: ['Villa'], features: ['garden', 'terrace'] },
    range: { price: '100000:350000' },
    numericMenu: { bedrooms: '3:' },
    toggle: { status: true },
  },
};

for (const [label, client] of [['v5', lite], ['v4', v4]]) {
  const name = `${label === 'v5' ? 'algoliasearch/lite ' + versions.algoliasearch : v4name} + instantsearch.js ${versions['instantsearch.js']}`;
  await capture(`instantsearch-${label}-initial`, name, 'first search of a page with search box, hits, menu, refinement lists, range, numeric menu, toggle, sort and geo widgets', () =>
    runInstantSearch(client, {}));
  await capture(`instantsearch-${label}-refined`, name, 'the same page with every widget refined: the main query plus the disjunctive-faceting queries', () =>
    runInstantSearch(client, refined));
  await capture(`instantsearch-${label}-geo`, name, 'geo search refined to the map bounds (insideBoundingBox)', () =>
    runInstantSearch(client, {}, async () => {
      scenario.requests.length = 0; // keep only the refined search
      refiners.geo.refine({ northEast: { lat: 50.95, lng: 4.5 }, southWest: { lat: 50.75, lng: 4.2 } });
    }));
  await capture(`instantsearch-${label}-facet-search`, name, 'searchable refinement list: search for facet values "bou" in city while goal is refined', () =>
    runInstantSearch(client, { properties_nl: { menu: { goal: 'sale' } } }, async () => {
      scenario.requests.length = 0;
      refiners.city.searchForItems('bou');
    }));
}

await capture('instantsearch-v5-sortby', `algoliasearch/lite ${versions.algoliasearch} + instantsearch.js ${versions['instantsearch.js']}`, 'sort by replica selected', () =>
  runInstantSearch(lite, { properties_nl: { sortBy: 'properties_nl_price_asc', query: 'ap' } }));

// The helper alone, as other InstantSearch flavours drive it.
await capture('helper-v5-disjunctive', `algoliasearch/lite ${versions.algoliasearch} + algoliasearch-helper ${versions['algoliasearch-helper']}`, 'algoliasearch-helper with disjunctive facets, numeric refinements, tag refinement and highlight tags', () => {
  const helper = algoliasearchHelper(lite, 'projects_nl', {
    disjunctiveFacets: ['city'],
    facets: ['soldOut'],
    hitsPerPage: 8,
    highlightPreTag: '__ais-highlight__',
    highlightPostTag: '__/ais-highlight__',
  });
  helper.addDisjunctiveFacetRefinement('city', 'Gent');
  helper.addFacetRefinement('soldOut', 'false');
  helper.addNumericRefinement('priceMin', '>=', 150000);
  helper.addTag('new');
  helper.search();
});

writeFileSync(join(out, 'requests.json'), JSON.stringify({ versions, requests: manifest }, null, 2) + '\n');
server.close();
console.log(`wrote ${manifest.length} requests to ${out}`);
