/** Breaks prose into lines of at most `widthColumns` characters (longer words stay whole), each indented. */
export function wrapText(text: string, widthColumns: number, indent = ''): string {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter((part) => part !== '')) {
    if (line !== '' && indent.length + line.length + 1 + word.length > widthColumns) {
      lines.push(line);
      line = word;
    } else {
      line = line === '' ? word : `${line} ${word}`;
    }
  }
  if (line !== '') lines.push(line);
  return lines.map((content) => `${indent}${content}`).join('\n');
}
