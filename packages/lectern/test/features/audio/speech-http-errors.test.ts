import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { speechHttpError } from '../../../src/features/audio/speech-http-errors.js';
import { RecogniserBusy, RecogniserUnavailable, RecognitionFailed } from '../../../src/features/audio/speech/errors.js';
import { errorBody } from '../../../src/platform/errors.js';

describe('speech failures as the contract answers them', () => {
  it('answers each kind of speech error 503 model_unavailable with its own message', () => {
    for (const error of [new RecogniserUnavailable('install pocketsphinx'), new RecogniserBusy('busy; retry shortly'), new RecognitionFailed('SenseVoice failed on a clip: x')]) {
      const answer = speechHttpError(error);
      assert.equal(answer.status, 503, error.name);
      assert.deepEqual(errorBody(answer), { error: 'model_unavailable', message: error.message });
    }
  });

  it('answers a failure the speech code did not expect as a failed recogniser, its reason cut to 300 characters', () => {
    const answer = speechHttpError(new Error(`pocketsphinx exited: ${'x'.repeat(400)}`));
    assert.equal(answer.code, 'model_unavailable');
    assert.equal(answer.message, `The speech recogniser failed: pocketsphinx exited: ${'x'.repeat(300 - 'pocketsphinx exited: '.length)}`);
  });
});
