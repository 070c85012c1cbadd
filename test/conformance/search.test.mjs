// Conformance: the official algoliasearch v5 client, unchanged but for its
// hosts, against a running `estate serve` with the demo agency. Expected
// answers are counted independently from testdata/platform.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { algoliasearch } from 'algoliasearch';

const base = new URL(process.env.ESTATE_URL ?? 'http://127.0.0.1:8080');
const client = algoliasearch('estate', 'public-search-key', {
  hosts: [{ url: base.host, protocol: base.protocol.replace(':', ''), accept: 'readWrite' }],
});

// The rows of GetPropertyList as Omnicasa's web API answers them; the site
// publishes Status 1 (on the market), 2 (sold) and 4 (rented).
const root = new URL('../../testdata/platform/', import.meta.url);
const load = (lang) =>
  JSON.parse(readFileSync(new URL(`GetPropertyList/${lang}.json`, root), 'utf8')).Items.filter((p) => [1, 2, 4].includes(p.Status));
const nl = load('nl');
const fr = load('fr');
const count = (list, pred) => list.filter(pred).length;

test('multi-query: a facet filter, a town search and facet counts in one request', async () => {
  const { results } = await client.search({
    requests: [
      { indexName: 'properties_nl', filters: 'city:Bouillon', hitsPerPage: 50 },
      { indexName: 'cities_nl', query: 'Bouillon' },
      { indexName: 'properties_fr', query: '', facets: ['city'], hitsPerPage: 0 },
    ],
  });
  assert.equal(results.length, 3);

  const [inTown, towns, facets] = results;
  assert.equal(inTown.nbHits, count(nl, (p) => p.City === 'Bouillon'));
  assert.ok(inTown.hits.length > 0);
  for (const hit of inTown.hits) {
    assert.equal(hit.city, 'Bouillon');
    assert.equal(typeof hit.objectID, 'string');
  }

  assert.equal(towns.hits[0].name, 'Bouillon');
  assert.equal(towns.hits[0].zip, '6830');

  const want = {};
  for (const p of fr) want[p.City] = (want[p.City] ?? 0) + 1;
  assert.deepEqual(facets.facets.city, want);
  assert.equal(facets.hits.length, 0);
  assert.equal(facets.nbHits, fr.length);
});

test('search for facet values', async () => {
  const res = await client.searchForFacetValues({
    indexName: 'properties_nl',
    facetName: 'city',
    searchForFacetValuesRequest: { facetQuery: 'bou' },
  });
  const hit = res.facetHits.find((h) => h.value === 'Bouillon');
  assert.ok(hit, JSON.stringify(res.facetHits));
  assert.equal(hit.count, count(nl, (p) => p.City === 'Bouillon'));
  assert.match(hit.highlighted, /<em>Bou<\/em>illon/);
});

test('a filter string with numbers, AND and NOT', async () => {
  const res = await client.searchSingleIndex({
    indexName: 'properties_nl',
    searchParams: { filters: 'goal:sale AND price >= 200000 AND NOT city:Bouillon', hitsPerPage: 100 },
  });
  const want = count(nl, (p) => p.Goal === 0 && p.PublishPrice && p.Price >= 200000 && p.City !== 'Bouillon');
  assert.equal(res.nbHits, want);
  for (const hit of res.hits) assert.ok(hit.price >= 200000);
});

test('facetFilters with an OR group and numericFilters', async () => {
  const res = await client.searchSingleIndex({
    indexName: 'properties_nl',
    searchParams: {
      facetFilters: [['city:Bertrix', 'city:Paliseul']],
      numericFilters: ['bedrooms>=3'],
      hitsPerPage: 100,
    },
  });
  const want = count(nl, (p) => ['Bertrix', 'Paliseul'].includes(p.City) && (p.NumberOfBedRooms ?? 0) >= 3);
  assert.equal(res.nbHits, want);
});

test('a hidden price never leaks', async () => {
  const res = await client.searchSingleIndex({ indexName: 'properties_nl', searchParams: { hitsPerPage: 100 } });
  assert.equal(res.nbHits, nl.length);
  const hidden = new Set(nl.filter((p) => !p.PublishPrice).map((p) => String(p.ID)));
  assert.ok(hidden.size > 0);
  for (const hit of res.hits) {
    if (hidden.has(hit.objectID)) assert.equal(hit.price, undefined, `price of ${hit.objectID}`);
  }
});

test('an unknown index is a 404 in Algolia shape', async () => {
  await assert.rejects(
    client.searchSingleIndex({ indexName: 'properties_xx', searchParams: {} }),
    (err) => err.status === 404,
  );
});
