import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RecognitionFailed } from '../../../src/features/audio/speech/errors.js';
import { speechHttpError } from '../../../src/features/audio/speech-http-errors.js';
import { senseVoiceFiles } from '../../../src/config.js';
import { sherpaOnnxLoadError } from '../../../src/platform/sensevoice.js';
import { SenseVoiceRecogniser } from '../../../src/features/audio/speech/recognisers/sensevoice-recogniser.js';

const root = mkdtempSync(join(tmpdir(), 'lectern-sensevoice-'));
after(() => rmSync(root, { recursive: true, force: true }));

describe('SenseVoice engine (sherpa-onnx-node)', () => {
  it('loads sherpa-onnx-node\'s native addon on this machine', async () => {
    assert.equal(await sherpaOnnxLoadError(), null);
  });

  it('loads the model from the install folder in its own process: damaged files end that process, not Lectern (503 model_unavailable)', async () => {
    // The real files cannot be downloaded here: damaged ones prove the loading path reaches the addon.
    for (const name of Object.values(senseVoiceFiles)) writeFileSync(join(root, name), 'not an onnx model');
    const recogniser = new SenseVoiceRecogniser(root, () => 'en');
    const context = { sessionId: 's', courseName: '', materialId: null, entryCount: 0, vocabularySources: () => ({ courseName: '', materialText: null, transcript: '' }) };
    await assert.rejects(recogniser.recognise(new Int16Array(16000), context), (error: unknown) => {
      assert.ok(error instanceof RecognitionFailed);
      assert.equal(speechHttpError(error).code, 'model_unavailable');
      assert.match(error.message, /reinstall it with POST \/api\/v2\/models\/sensevoice-small\/install/);
      return true;
    });
    recogniser.close();
  });
});
