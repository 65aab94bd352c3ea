import type { Knex } from 'knex';
import { changeStamp, stampMaxAgeMs } from './changes';

/** An answer already written as JSON: the router sends the text as it is. */
export class JsonAnswer {
  constructor(readonly json: string) {}
}

type Entry = { stamp: number; at: number; answer: JsonAnswer };

/** Distinct answers kept per database (filters and searches of the big lists); the oldest goes first. */
const MAX_ENTRIES = 24;
const caches = new WeakMap<object, Map<string, Entry>>();

/**
 * The answer of `compute` as JSON, kept until one of `tables` changes (changes.ts), for GET
 * answers that read whole tables: ActiveAdressen and Parzellen build 2,000 rows each time
 * otherwise. `key` must name everything else the answer depends on (route, query, today's date).
 * Inside a transaction, while one of the tables is being written, or when a table changed during
 * the computation, the answer is computed and nothing is kept.
 */
export async function cachedJson(
  db: Knex,
  key: string,
  tables: readonly string[],
  compute: () => Promise<unknown>,
): Promise<JsonAnswer> {
  let cache = caches.get(db);
  if (!cache) {
    cache = new Map();
    caches.set(db, cache);
  }
  const before = changeStamp(db, tables);
  const hit = cache.get(key);
  const maxAge = stampMaxAgeMs(db);
  if (hit && before !== undefined && hit.stamp === before && (maxAge === undefined || Date.now() - hit.at < maxAge)) {
    // Most recently used last, so the oldest entry is the first in the map.
    cache.delete(key);
    cache.set(key, hit);
    return hit.answer;
  }
  const at = Date.now();
  const answer = new JsonAnswer(JSON.stringify(await compute()));
  cache.delete(key);
  if (before !== undefined && changeStamp(db, tables) === before) {
    cache.set(key, { stamp: before, at, answer });
    if (cache.size > MAX_ENTRIES) cache.delete(cache.keys().next().value as string);
  }
  return answer;
}
