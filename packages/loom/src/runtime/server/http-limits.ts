/** The numbers of `loom serve`'s HTTP layer, in one place. */

/**
 * How deeply a JSON request body may nest arrays and objects. Checked by a scan before
 * JSON.parse: a body nested thousands of levels deep is a few kilobytes, and every later walk
 * of the value (contracts, handlers, `jsonReady`) would recurse once per level until the
 * stack ran out. Real payloads stay far below this.
 */
export const JSON_BODY_MAX_NESTING_LEVELS = 256;
