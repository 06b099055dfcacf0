/** The JS type a SQLite column holds (its `$type`), so a json column's PostgreSQL twin holds the same. */
export type Data<C> = C extends { _: { data: infer D } } ? D : never
