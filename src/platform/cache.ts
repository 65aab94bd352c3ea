/** A small in-memory cache for derived data (the Handbuch PDF, settings look-ups); ClearCache empties it. */
export type Cache = {
  get<T>(key: string, compute: () => Promise<T>): Promise<T>;
  delete(key: string): void;
  clear(): void;
  /**
   * Resolves once every computation started so far has ended, dropped ones included: a process
   * closing its database waits for them instead of aborting their queries (`kgv seed demo`).
   */
  settled(): Promise<void>;
};

export function createCache(): Cache {
  const entries = new Map<string, Promise<unknown>>();
  const running = new Set<Promise<unknown>>();
  return {
    get<T>(key: string, compute: () => Promise<T>): Promise<T> {
      let hit = entries.get(key) as Promise<T> | undefined;
      if (!hit) {
        hit = compute();
        entries.set(key, hit);
        // A failed computation must not stick.
        hit.catch(() => entries.delete(key));
        const started = hit;
        running.add(started);
        started.then(
          () => running.delete(started),
          () => running.delete(started),
        );
      }
      return hit;
    },
    delete: (key) => void entries.delete(key),
    clear: () => entries.clear(),
    async settled() {
      while (running.size) await Promise.allSettled([...running]);
    },
  };
}
