import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { chunkText, streamMarkdown } from '../../../src/answer-engine/builtin/stream.js';

const sample = '## 回答\n\nGlycolysis happens in the cytoplasm 🧫, not in the mitochondria.\n\n二叉搜索树的定义：左子树上所有节点的值都小于根节点的值，右子树上所有节点的值都大于根节点的值。\n';

describe('chunkText', () => {
  it('cuts text into pieces that concatenate back to it exactly', () => {
    const chunks = chunkText(sample);
    assert.ok(chunks.length > 3);
    assert.equal(chunks.join(''), sample);
  });

  it('keeps pieces short, ends them after a space or line break, and never splits a surrogate pair', () => {
    for (const chunk of chunkText(sample)) {
      assert.ok([...chunk].length <= 48, chunk);
      assert.ok(!/[\ud800-\udbff]$/.test(chunk), 'a chunk ends inside a surrogate pair');
    }
    assert.deepEqual(chunkText('one two\nthree'), ['one two\n', 'three']);
  });
});

describe('streamMarkdown', () => {
  it('yields to the event loop between chunks, so an abort lands before the next one', async () => {
    const controller = new AbortController();
    const received: string[] = [];
    const stream = streamMarkdown(sample, controller.signal);
    setImmediate(() => controller.abort());
    await assert.rejects(
      (async () => {
        for await (const chunk of stream) received.push(chunk);
      })(),
      { name: 'AbortError' },
    );
    assert.equal(received.length, 1);
  });
});
