// Handing a finished answer out as a stream of small Markdown chunks, yielding to the event
// loop between them so a cancelled task stops within one chunk.
import { setImmediate as nextTurn } from 'node:timers/promises';

/** About a short phrase per chunk: the UI shows text appearing without flooding the event bus. */
const CHUNK_CODE_POINTS_MAX = 48;

export async function* streamMarkdown(markdown: string, signal: AbortSignal): AsyncGenerator<string> {
  for (const chunk of chunkText(markdown)) {
    signal.throwIfAborted();
    yield chunk;
    await nextTurn();
  }
  signal.throwIfAborted();
}

/**
 * Cuts after a space or a line break where possible so words arrive whole; text without
 * spaces (Chinese) is cut by length. Cuts fall between code points, never inside a pair.
 */
export function chunkText(text: string): string[] {
  const chunks: string[] = [];
  let current: string[] = [];
  let lastBreak = -1;
  for (const char of text) {
    current.push(char);
    if (char === ' ' || char === '\n') lastBreak = current.length;
    if (char === '\n' || current.length >= CHUNK_CODE_POINTS_MAX) {
      const cut = char === '\n' || lastBreak <= 0 ? current.length : lastBreak;
      chunks.push(current.slice(0, cut).join(''));
      current = current.slice(cut);
      lastBreak = -1;
    }
  }
  if (current.length > 0) chunks.push(current.join(''));
  return chunks;
}
