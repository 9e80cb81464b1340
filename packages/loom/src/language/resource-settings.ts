/**
 * Where a `db`/`kv` declaration written as a block says the resource lives
 * (`kv NAME { path: "..." }`, `db NAME { url: "..." }`): the checker refuses a block without one
 * as a string, and the code generator opens what it names.
 */
export const RESOURCE_LOCATION_PROPERTIES: Readonly<Record<'db' | 'kv', readonly string[]>> = { kv: ['path', 'url'], db: ['url', 'path'] };
