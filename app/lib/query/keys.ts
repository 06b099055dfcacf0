/**
 * Query keys of the in-house query layer (ADR 027): arrays of JSON values, hashed with the keys
 * of every plain object sorted (so `{ a, b }` and `{ b, a }` name one entry), and matched as
 * prefixes: a filter key matches every key that has all its array items and object fields.
 */
export type QueryKey = readonly unknown[]

declare const dataTag: unique symbol
declare const errorTag: unique symbol
/** A key that carries the type of its data (and error): `getQueryData(key)` is typed by it. */
export type DataTag<TKey, TData, TError = unknown> = TKey & { [dataTag]: TData; [errorTag]: TError }

/** What a query's options say of its error type (through the key's tag, if any). */
export type ErrorTagged<TError> = { readonly [errorTag]?: TError }

export type DataOf<TKey> = TKey extends { [dataTag]: infer D } ? D : unknown

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && Object.getPrototypeOf(v) === Object.prototype

export function hashKey(key: QueryKey): string {
  return JSON.stringify(key, (_k, v: unknown) =>
    isPlainObject(v)
      ? Object.fromEntries(
          Object.keys(v)
            .sort()
            .map((k) => [k, v[k]]),
        )
      : v,
  )
}

/** Whether `key` starts with / contains everything of `filter` (react-query's partial match). */
export function matchesKey(key: unknown, filter: unknown): boolean {
  if (key === filter) return true
  if (typeof key !== typeof filter || typeof filter !== 'object' || key === null || filter === null) return false
  return Object.keys(filter).every((k) =>
    matchesKey((key as Record<string, unknown>)[k], (filter as Record<string, unknown>)[k]),
  )
}
