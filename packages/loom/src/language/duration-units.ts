/**
 * The time units a duration is written with (`500ms`, `2s`, `1m`, `1h`) and their length in
 * milliseconds: the one table the lexer (which suffixes make a duration literal), the
 * compiler (a literal's value) and the runtime (`after("2s", f)`) read.
 */
export const MS_PER_UNIT: Readonly<Record<string, number>> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 };
