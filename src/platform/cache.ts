/** A small in-memory cache for derived data (the Handbuch PDF, settings look-ups); ClearCache empties it. */
export type Cache = {
  get<T>(key: string, compute: () => Promise<T>): Promise<T>;
  delete(key: string): void;
  clear(): void;
};

export function createCache(): Cache {
  const entries = new Map<string, Promise<unknown>>();
  return {
    get<T>(key: string, compute: () => Promise<T>): Promise<T> {
      let hit = entries.get(key) as Promise<T> | undefined;
      if (!hit) {
        hit = compute();
        entries.set(key, hit);
        // A failed computation must not stick.
        hit.catch(() => entries.delete(key));
      }
      return hit;
    },
    delete: (key) => void entries.delete(key),
    clear: () => entries.clear(),
  };
}
