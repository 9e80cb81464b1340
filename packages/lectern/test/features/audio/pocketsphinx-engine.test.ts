import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { systemRecogniser } from '../../../src/config.js';
import { EngineFailure, PocketsphinxEngine } from '../../../src/features/audio/speech/recognisers/pocketsphinx-engine.js';

const root = mkdtempSync(join(tmpdir(), 'lectern-pocketsphinx-engine-'));
after(() => rmSync(root, { recursive: true, force: true }));

describe('pocketsphinx engine', () => {
  it('fails a clip at once, with the decoder\'s own reason, when the decoder cannot start (not after the recognition timeout)', async () => {
    // Several rounds: the decoder may exit before, during or after the clip is written.
    for (let round = 0; round < 4; round++) {
      const engine = new PocketsphinxEngine({
        executable: 'pocketsphinx_batch',
        acousticModelDir: join(root, 'no-such-model'),
        languageModelPath: join(systemRecogniser.modelDir, 'en-us.lm.bin'),
        dictionaryPath: join(systemRecogniser.modelDir, 'cmudict-en-us.dict'),
        workDir: root,
        courseVocabulary: false,
      });
      const started = performance.now();
      await assert.rejects(engine.recognise(new Int16Array(16_000)), (error: unknown) => {
        assert.ok(error instanceof EngineFailure, String(error));
        assert.match(error.message, /pocketsphinx exited|no longer running/);
        return true;
      });
      assert.ok(performance.now() - started < 10_000, `round ${round}: failed after ${Math.round(performance.now() - started)} ms`);
      assert.equal(engine.usable, false);
      await assert.rejects(engine.recognise(new Int16Array(16_000)), EngineFailure, 'a later clip fails at once too');
      engine.close();
    }
  });
});
