// For tests of the offline engine's behaviour on a short class written in the test.
import { runBuiltin } from '../../src/answer-engine/builtin/engine.js';
import type { AssistantRequest, TranscriptLine } from '../../src/answer-engine/types.js';

const CLASS_START = Date.UTC(2026, 10, 5, 10, 0, 0);

/** One line per text, ten seconds apart, with ids from `firstId` (tests keep theirs apart). */
export function classLines(texts: readonly string[], firstId: number): TranscriptLine[] {
  return texts.map((text, i) => ({ id: firstId + i, text, createdAt: new Date(CLASS_START + i * 10_000).toISOString() }));
}

/** The whole Markdown the offline engine writes for the request. */
export async function builtinMarkdown(request: AssistantRequest): Promise<string> {
  let markdown = '';
  for await (const chunk of runBuiltin(request, { signal: new AbortController().signal })) markdown += chunk;
  return markdown;
}
