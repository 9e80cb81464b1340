import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { estimatedTokens, fitWindow, readContextWindow } from '../../../src/runtime/harness/context-window.js';
import type { ContextWindow } from '../../../src/runtime/harness/context-window.js';
import type { ChatMessage } from '../../../src/runtime/providers/types.js';
import { LoomError } from '../../../src/errors.js';

/** A message of about `tokens` estimated tokens (4 characters each, plus 4 for the message). */
function text(label: string, tokens: number): string {
  return label.padEnd((tokens - 4) * 4, '.');
}

function conversation(): ChatMessage[] {
  return [
    { role: 'system', content: text('system', 10) },
    { role: 'user', content: text('old question', 20) },
    { role: 'assistant', content: text('old answer', 20) },
    { role: 'user', content: text('[keep] pinned question', 20) },
    { role: 'assistant', content: text('pinned answer', 20) },
    { role: 'user', content: text('newest input', 10) },
    { role: 'assistant', content: '', toolCalls: [{ id: 'c1', name: 'search', argumentsJson: '{}' }] },
    { role: 'tool', toolCallId: 'c1', name: 'search', content: text('tool output', 30) },
    { role: 'assistant', content: '', toolCalls: [{ id: 'c2', name: 'search', argumentsJson: '{}' }] },
    { role: 'tool', toolCallId: 'c2', name: 'search', content: text('latest output', 10) },
  ];
}

const window = (maxTokens: number, strategy: ContextWindow['strategy'], priorityTags: string[] = []): ContextWindow => ({ maxTokens, strategy, priorityTags });
const starts = (messages: readonly ChatMessage[]): string[] => messages.map((message) => message.content.replace(/\.+$/, ''));

describe('context windows', () => {
  it('estimates a quarter token per character plus a few per message', () => {
    assert.equal(estimatedTokens(conversation()), 10 + 20 + 20 + 20 + 20 + 10 + 4 + 30 + 4 + 10);
  });

  it('sliding_window lets the oldest parts go, whole turns at a time, and keeps the system prompt, the newest input and the latest tool exchange', async () => {
    const messages = conversation();
    assert.equal(await fitWindow(messages, window(100, 'sliding_window'), undefined), 4);
    assert.deepEqual(starts(messages), ['system', 'newest input', '', 'tool output', '', 'latest output']);
  });

  it('importance_weighted lets earlier tool exchanges go before turns', async () => {
    const messages = conversation();
    assert.equal(await fitWindow(messages, window(124, 'importance_weighted'), undefined), 2);
    assert.deepEqual(starts(messages), ['system', 'old question', 'old answer', '[keep] pinned question', 'pinned answer', 'newest input', '', 'latest output']);
  });

  it('keeps parts holding a priority tag, and says so when what it must keep is over the budget', async () => {
    const messages = conversation();
    assert.equal(await fitWindow(messages, window(50, 'sliding_window', ['[keep]']), undefined), -1);
    assert.deepEqual(starts(messages), ['system', '[keep] pinned question', 'pinned answer', 'newest input', '', 'latest output']);
  });

  it('smart_summarization puts a summary where the parts it let go were', async () => {
    const messages = conversation();
    const summarized: string[] = [];
    const letGo = await fitWindow(messages, window(140, 'smart_summarization'), async (earlier) => {
      summarized.push(earlier);
      return 'they talked';
    });
    assert.equal(letGo, 2);
    assert.deepEqual(starts(messages).slice(0, 2), ['system', 'Summary of the earlier conversation: they talked']);
    assert.match(summarized[0]!, /^user: old question\.+\nassistant: old answer\.+$/);
  });

  it('leaves a conversation within the budget as it is', async () => {
    const messages = conversation();
    assert.equal(await fitWindow(messages, window(1000, 'sliding_window'), undefined), 0);
    assert.equal(messages.length, 10);
  });

  it('checks settings computed at run time', () => {
    assert.deepEqual(readContextWindow({}, 'with_context'), { maxTokens: 100_000, strategy: 'sliding_window', priorityTags: [] });
    assert.throws(() => readContextWindow({ max_tokens: 0 }, 'with_context'), (error: unknown) => error instanceof LoomError && error.code === 'E105');
    assert.throws(() => readContextWindow({ strategy: 'fifo' }, 'with_context'), /strategy must be one of sliding_window, importance_weighted, smart_summarization, got str "fifo"/);
  });
});
