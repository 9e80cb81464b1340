import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EventHub } from '../../../src/platform/events.js';
import type { ModelEvents } from '../../../src/features/models/events.js';
import { createSpeechAvailability } from '../../../src/features/audio/speech/availability.js';
import { RecogniserUnavailable } from '../../../src/features/audio/speech/errors.js';
import { createRecognisers } from '../../../src/features/audio/speech/recognisers/recognisers.js';
import { systemRecogniserRecord, type SystemRecogniserPaths } from '../../../src/features/models/system-recogniser.js';

const root = mkdtempSync(join(tmpdir(), 'lectern-availability-'));
after(() => rmSync(root, { recursive: true, force: true }));

/** A machine with pocketsphinx's packages "installed" on demand: the decoder on a PATH of its own and the English model's files. */
function fakeMachine(name: string) {
  const bin = join(root, name, 'bin');
  const modelDir = join(root, name, 'model');
  mkdirSync(bin, { recursive: true });
  mkdirSync(join(modelDir, 'en-us'), { recursive: true });
  writeFileSync(join(modelDir, 'cmudict-en-us.dict'), '');
  const decoder = join(bin, 'pocketsphinx_batch');
  const paths: SystemRecogniserPaths = { searchPath: bin, modelDir };
  return {
    paths,
    install: () => {
      writeFileSync(decoder, '#!/bin/sh\n');
      chmodSync(decoder, 0o755);
    },
    uninstall: () => rmSync(decoder),
  };
}

describe('speech availability', () => {
  it('finds the recognisers once and keeps the answer until a model.installation frame', async () => {
    const machine = fakeMachine('kept');
    machine.install();
    const hub = new EventHub<ModelEvents>({ afterCommit: (send) => send() });
    const availability = createSpeechAvailability({ dataDir: join(root, 'kept', 'data'), systemPaths: machine.paths, senseVoiceInstalled: () => false, hub });
    assert.equal((await availability.current()).pocketsphinx.usable, true);
    assert.equal((await availability.current()).pocketsphinx.executable, join(machine.paths.searchPath, 'pocketsphinx_batch'));
    machine.uninstall();
    // Clips do not look again: the kept answer stands.
    assert.equal((await availability.current()).pocketsphinx.usable, true);
    hub.publish('model.installation', null, { model: systemRecogniserRecord(machine.paths), rate_bytes_per_second: 0 });
    const after = await availability.current();
    assert.equal(after.pocketsphinx.usable, false);
    assert.match(after.pocketsphinx.reason ?? '', /apt-get install pocketsphinx pocketsphinx-en-us/);
    assert.equal(after.senseVoice.usable, false);
  });

  it('looks again before refusing a clip, so packages installed while Lectern runs are used without a restart', async () => {
    const machine = fakeMachine('installed-later');
    const availability = createSpeechAvailability({ dataDir: join(root, 'installed-later', 'data'), systemPaths: machine.paths, senseVoiceInstalled: () => false, hub: new EventHub<ModelEvents>({ afterCommit: (send) => send() }) });
    const recognisers = createRecognisers({
      dataDir: join(root, 'installed-later', 'data'),
      pocketsphinxModelDir: machine.paths.modelDir,
      searchPath: machine.paths.searchPath,
      availability,
      language: () => 'en',
    });
    try {
      await assert.rejects(recognisers.resolve('auto'), (error: unknown) => error instanceof RecogniserUnavailable);
      machine.install();
      assert.equal((await recognisers.resolve('auto')).id, 'pocketsphinx-en');
      assert.equal((await recognisers.resolve('pocketsphinx-en')).id, 'pocketsphinx-en');
    } finally {
      recognisers.close();
    }
  });
});
