// Tidying extracted text so every format yields the same shape: LF line ends, no trailing
// blanks, at most one empty line in a row, nothing before the first line or after the last.

export function tidyText(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .split('\n')
    // trimEnd, not a /\s+$/ replace: a regular expression retries from each blank of a long
    // run that does not end the line, which made one 200,000-space line take 80 s.
    .map((line) => line.trimEnd())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .replace(/^\n+|\n+$/g, '');
}

/** A bullet at its nesting depth (0 = top level), indented two spaces per level. */
export function bulletLine(depth: number, text: string, marker = '-'): string {
  return `${'  '.repeat(depth)}${marker} ${text}`;
}

/** A table row as one line, cells separated the way a reader (and a prompt) can follow. */
export function tableRowLine(cells: readonly string[]): string {
  return cells.map((cell) => cell.replace(/\s+/g, ' ').trim()).join(' | ');
}
