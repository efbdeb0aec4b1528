/**
 * The value kept in `kept` for `key`, made by `make` when there is none. A Map iterates in insertion
 * order, so moving each use to the end keeps the `limit` most recently used and drops the oldest.
 */
export function recentlyUsed<K, V>(kept: Map<K, V>, key: K, make: () => V, limit: number): V {
  let value = kept.get(key);
  if (value === undefined) {
    value = make();
    if (kept.size >= limit) kept.delete(kept.keys().next().value!);
  } else {
    kept.delete(key);
  }
  kept.set(key, value);
  return value;
}
