// The `builtin` provider: an offline engine that answers from the transcript and material
// alone — no key, no network, no model download — in the language the class is held in.
import { languageModels, loadChineseSegmenter, loadLanguageModels } from '../text/language-models.js';
import { HAN_CHARACTER } from '../text/script.js';
import type { AssistantRequest, EngineProgress } from '../types.js';
import { composeCatchup } from './catchup.js';
import { composition } from './composition.js';
import { composeFollowup } from './followup.js';
import { composeRescue } from './rescue.js';
import { streamMarkdown } from './stream.js';
import { composeSummary } from './summary.js';

export interface BuiltinOptions {
  signal: AbortSignal;
  onProgress?: (progress: EngineProgress) => void;
}

/** How many of the newest entries are looked at for Chinese: a class's language shows in its latest lines. */
const CHINESE_SAMPLE_ENTRIES = 200;

function mentionsChinese(request: AssistantRequest): boolean {
  const texts = [request.courseName, request.question ?? '', request.material?.filename ?? ''];
  const entries = request.entries;
  for (let i = Math.max(0, entries.length - CHINESE_SAMPLE_ENTRIES); i < entries.length; i++) texts.push(entries[i]?.text ?? '');
  return texts.some((text) => HAN_CHARACTER.test(text)) || HAN_CHARACTER.test(request.material?.text.slice(0, 20_000) ?? '');
}

/**
 * Markdown chunks that concatenate to the answer. The answer is composed first and then
 * streamed; a summary reports progress per part of the class while it is composed. An abort
 * rejects with the signal's reason at the next chunk or part boundary.
 */
export async function* runBuiltin(request: AssistantRequest, options: BuiltinOptions): AsyncGenerator<string> {
  const { signal } = options;
  signal.throwIfAborted();
  // Only the first answer after start-up waits here; the models stay loaded.
  const models = languageModels() ?? (await loadLanguageModels());
  // jieba only for a class with Chinese in it: an English class never pays its memory.
  if (mentionsChinese(request)) await loadChineseSegmenter();
  signal.throwIfAborted();
  const c = composition(request, models);
  let markdown: string;
  switch (request.kind) {
    case 'rescue':
      markdown = composeRescue(c);
      break;
    case 'catchup':
      markdown = composeCatchup(c);
      break;
    case 'followup':
      markdown = composeFollowup(c);
      break;
    case 'summary':
      markdown = await composeSummary(c, signal, options.onProgress);
      break;
  }
  yield* streamMarkdown(markdown, signal);
}
