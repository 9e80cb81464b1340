import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { filterRecognised } from '../../../src/features/audio/transcript-filter.js';
import { SerialQueue } from '../../../src/features/audio/speech/recognisers/serial-queue.js';
import { RecogniserBusy } from '../../../src/features/audio/speech/errors.js';

describe('near-duplicate filter and fragment merging', () => {
  const recent = ['the derivative is the slope of the tangent line', 'now the chain rule'];
  it('drops exact repeats, contained fragments and near-identical lines', () => {
    assert.deepEqual(filterRecognised('the derivative is the slope of the tangent line', recent), { kind: 'repeat' });
    assert.deepEqual(filterRecognised('slope of the tangent', recent), { kind: 'repeat' });
    assert.deepEqual(filterRecognised('the derivative is a slope of the tangent line', recent), { kind: 'repeat' });
  });
  it('merges an overlapping clip by keeping only its new words', () => {
    assert.deepEqual(filterRecognised('the chain rule multiplies the derivatives', recent), { kind: 'append', text: 'multiplies the derivatives' });
  });
  it('keeps new lines as they are', () => {
    assert.deepEqual(filterRecognised('integrals come next week', recent), { kind: 'append', text: 'integrals come next week' });
    assert.deepEqual(filterRecognised('the power rule', []), { kind: 'append', text: 'the power rule' });
  });
});

describe('bounded recognition queue', () => {
  it('runs one task at a time and refuses with 503 beyond its bound instead of queueing without limit', async () => {
    const queue = new SerialQueue(1, 'busy');
    let running = 0;
    let maxRunning = 0;
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const task = async () => {
      running++;
      maxRunning = Math.max(maxRunning, running);
      await gate;
      running--;
    };
    const first = queue.run(task);
    const second = queue.run(task);
    await assert.rejects(queue.run(task), (error: unknown) => error instanceof RecogniserBusy && error.message === 'busy');
    release();
    await Promise.all([first, second]);
    assert.equal(maxRunning, 1);
    await queue.run(async () => undefined);
  });
});
