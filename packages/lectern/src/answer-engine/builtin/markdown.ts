// Putting transcript text into Markdown safely and consistently.

/** Characters that would otherwise start emphasis, links, code, HTML or tables. */
const MARKDOWN_SPECIALS = /[\\`*_[\]<>|]/g;

/** Speech as inline Markdown text: specials escaped, line breaks flattened. */
export function escapeInline(text: string): string {
  return text.replace(/\s+/g, ' ').trim().replace(MARKDOWN_SPECIALS, (char) => `\\${char}`);
}

/** A timestamped quote as a list item: - **[12:05]** “…” */
export function quoteItem(clock: string, text: string): string {
  return `- **[${clock}]** “${escapeInline(text)}”`;
}

export function bold(text: string): string {
  return `**${escapeInline(text)}**`;
}

export function heading(text: string): string {
  return `## ${text}`;
}

/** Markdown paragraphs: blocks separated by blank lines, empty blocks dropped. */
export function paragraphs(blocks: readonly string[]): string {
  return `${blocks.filter((block) => block.trim().length > 0).join('\n\n')}\n`;
}
