/**
 * One SQL text for both engines: SQLite binds `?`, PostgreSQL `$1, $2, ...`. Each engine
 * rewrites the other's style into its own, so a program moves from SQLite to PostgreSQL
 * without touching its statements. Placeholders are found by a small scanner that skips
 * quoted strings, quoted identifiers, comments and PostgreSQL dollar-quoted bodies; values are
 * never written into the SQL text, only bound.
 */

/** A placeholder found in the SQL: where it is and, for `$n`, its number. */
interface Placeholder {
  readonly start: number;
  readonly end: number;
  readonly number: number | null;
}

const DOLLAR_QUOTE = /^\$([A-Za-z_][A-Za-z0-9_]*)?\$/;
const NUMBERED = /^\$(\d+)/;

function findPlaceholders(sql: string): Placeholder[] {
  const found: Placeholder[] = [];
  let index = 0;
  const skipTo = (terminator: string, from: number): number => {
    const end = sql.indexOf(terminator, from);
    return end < 0 ? sql.length : end + terminator.length;
  };
  while (index < sql.length) {
    const character = sql[index];
    const rest = sql.slice(index, index + 2);
    if (character === "'" || character === '"' || character === '`') {
      // A doubled quote inside is an escaped quote: skipping to each next quote handles it.
      index = skipTo(character, index + 1);
    } else if (rest === '--') {
      index = skipTo('\n', index + 2);
    } else if (rest === '/*') {
      index = skipTo('*/', index + 2);
    } else if (character === '?') {
      found.push({ start: index, end: index + 1, number: null });
      index += 1;
    } else if (character === '$') {
      const numbered = NUMBERED.exec(sql.slice(index));
      const quote = numbered === null ? DOLLAR_QUOTE.exec(sql.slice(index)) : null;
      if (numbered !== null) {
        found.push({ start: index, end: index + numbered[0].length, number: Number(numbered[1]) });
        index += numbered[0].length;
      } else if (quote !== null) {
        index = skipTo(quote[0], index + quote[0].length);
      } else {
        index += 1;
      }
    } else {
      index += 1;
    }
  }
  return found;
}

function rewrite(sql: string, placeholders: readonly Placeholder[], replacement: (placeholder: Placeholder, position: number) => string): string {
  let text = '';
  let from = 0;
  placeholders.forEach((placeholder, position) => {
    text += sql.slice(from, placeholder.start) + replacement(placeholder, position);
    from = placeholder.end;
  });
  return text + sql.slice(from);
}

/** For PostgreSQL: `?` placeholders become `$1, $2, ...` in order; `$n` stay as written. */
export function toNumberedPlaceholders(sql: string): string {
  const placeholders = findPlaceholders(sql);
  if (placeholders.some((placeholder) => placeholder.number !== null)) return sql;
  return rewrite(sql, placeholders, (_placeholder, position) => `$${position + 1}`);
}

/**
 * For SQLite: `$n` placeholders become `?`, with the order in which the SQL uses the values
 * (`$2 ... $1 ... $2` binds the second, first and second value: `[1, 0, 1]`); `order` is null
 * when the values bind as given.
 */
export function toPositionalPlaceholders(sql: string): { sql: string; order: readonly number[] | null } {
  const placeholders = findPlaceholders(sql);
  if (placeholders.length === 0 || placeholders.some((placeholder) => placeholder.number === null)) return { sql, order: null };
  return { sql: rewrite(sql, placeholders, () => '?'), order: placeholders.map((placeholder) => (placeholder.number ?? 0) - 1) };
}
