import { assistant as limits } from '../../config.js';
import { buildContext, toChatMessages, type ChatMessage } from '../context/build.js';
import { buildSummaryMergeContext, planMergeGroups, planSummaryParts } from '../context/summary-parts.js';
import type { ProviderName, TaskProvider } from './task-provider.js';

/** One chat completion, streamed as content deltas; throws a ProviderError (or the signal's reason). */
export type ChatCall = (messages: ChatMessage[], maxTokens: number, signal: AbortSignal) => AsyncGenerator<string>;

export interface ChatProviderConfig {
  name: Exclude<ProviderName, 'builtin'>;
  model: string;
  /** The context budget of every prompt, in characters. */
  contextCharacters: number;
  call: ChatCall;
}

const probeMessages: ChatMessage[] = [
  { role: 'system', content: 'You are a connection test. Answer with one short sentence.' },
  { role: 'user', content: 'Say that the connection works.' },
];

/**
 * Any chat model behind one streaming call (an OpenAI-compatible endpoint, or a local GGUF):
 * the same prompts, the same context budget and the same summary plan, so `byok` and `local`
 * differ only in where the tokens come from.
 */
export function createChatProvider(config: ChatProviderConfig): TaskProvider {
  const { call } = config;
  return {
    name: config.name,
    model: config.model,
    async *answer(request, hooks) {
      const budgetChars = config.contextCharacters;
      const parts = request.kind === 'summary' ? planSummaryParts({ ...request, budgetChars }) : [];
      if (parts.length <= 1) {
        hooks.onProgress({ stage: 'generating', done: 0, total: 1 });
        hooks.onProviderCall();
        yield* call(toChatMessages(buildContext({ ...request, budgetChars })), limits.taskMaxTokens, hooks.signal);
        hooks.onProgress({ stage: 'generating', done: 1, total: 1 });
        return;
      }
      // A class longer than one prompt: notes on each part first (not shown to the student),
      // merged in as many rounds as the budget needs; only the final merge is streamed, and
      // every entry has been read by some call.
      const collect = async (messages: ChatMessage[]): Promise<string> => {
        hooks.onProviderCall();
        let text = '';
        for await (const chunk of call(messages, limits.taskMaxTokens, hooks.signal)) text += chunk;
        return text;
      };
      let notes: string[] = [];
      for (const part of parts) {
        hooks.onProgress({ stage: 'summarising part', done: part.index, total: parts.length });
        notes.push(await collect(toChatMessages(buildContext({ ...request, budgetChars, part }))));
      }
      const merge = (partNotes: string[]) => toChatMessages(buildSummaryMergeContext({ courseName: request.courseName, partNotes, budgetChars }));
      for (;;) {
        const groups = planMergeGroups({ courseName: request.courseName, partNotes: notes, budgetChars });
        if (groups.length === 1) break;
        const merged: string[] = [];
        for (const group of groups) {
          hooks.onProgress({ stage: 'merging', done: merged.length, total: groups.length });
          merged.push(await collect(merge(group.map((index) => notes[index] ?? ''))));
        }
        notes = merged;
      }
      hooks.onProgress({ stage: 'writing notes', done: 0, total: 1 });
      hooks.onProviderCall();
      yield* call(merge(notes), limits.taskMaxTokens, hooks.signal);
      hooks.onProgress({ stage: 'writing notes', done: 1, total: 1 });
    },
    probe(signal) {
      return call(probeMessages, limits.connectionTestMaxTokens, signal);
    },
  };
}
