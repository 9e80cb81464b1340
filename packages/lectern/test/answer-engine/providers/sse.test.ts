import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { SseDecoder } from '../../../src/answer-engine/providers/sse.js';

const bytes = (text: string): Uint8Array => new TextEncoder().encode(text);

/** Feeds every chunk and collects all payloads, as a reader of a socket would. */
function decode(chunks: (string | Uint8Array)[]): string[] {
  const decoder = new SseDecoder();
  return chunks.flatMap((chunk) => decoder.push(typeof chunk === 'string' ? bytes(chunk) : chunk));
}

/** Every way of cutting `text` into two chunks, at every byte. */
function everySplit(text: string): Uint8Array[][] {
  const all = bytes(text);
  return Array.from({ length: all.length + 1 }, (_, at) => [all.subarray(0, at), all.subarray(at)]);
}

describe('SseDecoder', () => {
  it('yields the data of each event, in order', () => {
    assert.deepEqual(decode(['data: one\n\ndata: two\n\n']), ['one', 'two']);
  });

  it('waits for the blank line that ends an event', () => {
    const decoder = new SseDecoder();
    assert.deepEqual(decoder.push(bytes('data: one\n')), []);
    assert.deepEqual(decoder.push(bytes('\n')), ['one']);
  });

  it('joins the data lines of one event with a line feed', () => {
    assert.deepEqual(decode(['data: first\ndata: second\n\n']), ['first\nsecond']);
  });

  it('ignores comments, keepalives and fields other than data', () => {
    assert.deepEqual(decode([': ping\n\nevent: message\nid: 7\nretry: 10\ndata: kept\n\n: ping\n\n']), ['kept']);
  });

  it('strips exactly one space after the colon', () => {
    assert.deepEqual(decode(['data:tight\n\ndata:  spaced\n\n']), ['tight', ' spaced']);
  });

  it('accepts CRLF and lone CR line endings', () => {
    assert.deepEqual(decode(['data: crlf\r\n\r\ndata: cr\r\rdata: lf\n\n']), ['crlf', 'cr', 'lf']);
  });

  it('treats a CRLF split across chunks as one line break, not an empty line', () => {
    assert.deepEqual(decode(['data: a\r', '\ndata: b\r\n\r\n']), ['a\nb']);
  });

  it('gives the same events however the stream is cut into two chunks', () => {
    const stream = 'data: {"x":"héllo 你好 🎉"}\r\n\r\n: ping\r\n\r\ndata: [DONE]\r\n\r\n';
    for (const chunks of everySplit(stream)) {
      assert.deepEqual(decode(chunks), ['{"x":"héllo 你好 🎉"}', '[DONE]']);
    }
  });

  it('reassembles a multi-byte character delivered one byte at a time', () => {
    const oneByteChunks = Array.from(bytes('data: 🎉你\n\n'), (byte) => Uint8Array.of(byte));
    assert.deepEqual(decode(oneByteChunks), ['🎉你']);
  });

  it('drops an event the stream ends in the middle of', () => {
    assert.deepEqual(decode(['data: whole\n\ndata: half']), ['whole']);
  });

  it('reports what it holds for unfinished events and releases it once they complete', () => {
    const decoder = new SseDecoder();
    decoder.push(bytes('data: 12345\ndata: 678'));
    assert.equal(decoder.bufferedChars, '12345'.length + 'data: 678'.length);
    decoder.push(bytes('\n\n'));
    assert.equal(decoder.bufferedChars, 0);
  });
});
