import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { afterCodePoints, codePointLength } from '../src/code-points.js';
import { preferredLanguage } from '../src/i18n.js';
import { encodeWav } from '../src/microphone.js';
import type { Task } from '../src/api/client.js';
import { filenameOf } from '../src/downloads.js';
import { mergeTask } from '../src/workspace/assistant.js';

describe('page helpers', () => {
  it('count and cut text in Unicode code points, the unit of a delta\'s offset', () => {
    const text = '导数 😀 slope';
    assert.equal(codePointLength(text), Array.from(text).length);
    assert.equal(afterCodePoints(text, 4), ' slope');
    assert.equal(afterCodePoints(text, 0), text);
    assert.equal(afterCodePoints(text, 99), '');
  });

  it('read the download name from Content-Disposition, RFC 5987 first', () => {
    assert.equal(filenameOf(`attachment; filename="Calculus_I.txt"; filename*=UTF-8''%E5%BE%AE%E7%A7%AF%E5%88%86.txt`), '微积分.txt');
    assert.equal(filenameOf('attachment; filename="notes.md"'), 'notes.md');
    assert.equal(filenameOf(null), null);
  });

  it('write 16-bit mono PCM WAV the audio endpoint accepts', async () => {
    const samples = new Float32Array([0, 0.5, -0.5, 1, -1, 2]);
    const wav = Buffer.from(await encodeWav(samples, 16_000).arrayBuffer());
    assert.equal(wav.toString('latin1', 0, 4), 'RIFF');
    assert.equal(wav.toString('latin1', 8, 16), 'WAVEfmt ');
    assert.equal(wav.readUInt16LE(20), 1, 'PCM');
    assert.equal(wav.readUInt16LE(22), 1, 'mono');
    assert.equal(wav.readUInt32LE(24), 16_000);
    assert.equal(wav.readUInt16LE(34), 16);
    assert.equal(wav.readUInt32LE(40), samples.length * 2);
    assert.deepEqual([0, 1, 2, 3, 4, 5].map((i) => wav.readInt16LE(44 + i * 2)), [0, 16383, -16384, 32767, -32768, 32767], 'scaled and clipped');
  });

  it('merge task records that arrive out of order without rolling back status or streamed text', () => {
    const base = { id: 't', session_id: 's', kind: 'rescue', question: null, parent_id: null, created_at: '', started_at: null, finished_at: null, through_entry_id: null, stage: '', first_token_ms: null, total_ms: null, provider_calls: 0, summary_id: null, error_code: null, error_message: null } as const;
    const task = (status: Task['status'], markdown: string): Task => ({ ...base, status, markdown });
    assert.deepEqual(mergeTask(undefined, task('queued', '')), task('queued', ''));
    assert.deepEqual(mergeTask(task('running', 'Say this'), task('queued', '')), task('running', 'Say this'), 'the POST answer came after the first delta');
    assert.deepEqual(mergeTask(task('completed', 'Done.'), task('queued', '')), task('completed', 'Done.'), 'and even after the finished frame');
    assert.deepEqual(mergeTask(task('running', 'Say this and'), task('running', 'Say')), task('running', 'Say this and'));
    assert.deepEqual(mergeTask(task('running', 'Partial text'), task('cancelled', '')), task('cancelled', ''), 'a finished record is final');
  });

  it('pick the UI language: the user\'s choice, else the browser\'s', () => {
    assert.equal(preferredLanguage(null, 'zh-CN'), 'zh');
    assert.equal(preferredLanguage(null, 'en-GB'), 'en');
    assert.equal(preferredLanguage('en', 'zh-TW'), 'en');
    assert.equal(preferredLanguage('fr', 'de-DE'), 'en');
  });
});
