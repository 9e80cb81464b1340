import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = mkdtempSync(join(tmpdir(), 'lectern-doctor-'));
after(() => rmSync(root, { recursive: true, force: true }));
const cli = new URL('../../../src/cli.ts', import.meta.url).pathname;

interface Check {
  id: string;
  kind: string;
  usable: boolean;
  detail: string;
}

function doctor(dataDir: string, env: NodeJS.ProcessEnv = process.env): Check[] {
  const out = execFileSync(process.execPath, ['--import', 'tsx', cli, 'doctor', '--json', '--data-dir', dataDir], { env, encoding: 'utf8' });
  return (JSON.parse(out) as { checks: Check[] }).checks;
}

describe('lectern doctor', () => {
  it('reports pocketsphinx usable here, SenseVoice not installed with how to get it, and the optional tools', () => {
    const checks = doctor(join(root, 'empty'));
    const byId = new Map(checks.map((check) => [check.id, check]));
    assert.equal(byId.get('pocketsphinx-en')?.usable, true);
    assert.equal(byId.get('sensevoice-small')?.usable, false);
    assert.match(byId.get('sensevoice-small')!.detail, /POST \/api\/v2\/models\/sensevoice-small\/install/);
    for (const id of ['parec', 'arecord', 'espeak-ng', 'sox', 'chromium']) assert.ok(byId.has(id), id);
    assert.equal(byId.get('chromium')?.kind, 'test-tool');
    assert.deepEqual({ usable: byId.get('speaker-adaptation')?.usable, kind: byId.get('speaker-adaptation')?.kind }, { usable: true, kind: 'adaptation' });
    assert.deepEqual({ usable: byId.get('sphinx_lm_convert')?.usable, kind: byId.get('sphinx_lm_convert')?.kind }, { usable: true, kind: 'adaptation' });
  });

  it('says why pocketsphinx is not usable when its packages are not on the search path, and spots SenseVoice files once installed', () => {
    const dataDir = join(root, 'installed');
    const modelDir = join(dataDir, 'models', 'sensevoice-small');
    mkdirSync(modelDir, { recursive: true });
    for (const name of ['model.int8.onnx', 'tokens.txt', 'silero_vad.onnx']) writeFileSync(join(modelDir, name), 'x');
    const checks = doctor(dataDir, { ...process.env, PATH: join(root, 'no-tools') });
    const pocket = checks.find((check) => check.id === 'pocketsphinx-en')!;
    assert.equal(pocket.usable, false);
    assert.match(pocket.detail, /apt-get install pocketsphinx pocketsphinx-en-us/);
    const adaptation = checks.find((check) => check.id === 'speaker-adaptation')!;
    assert.equal(adaptation.usable, false);
    assert.match(adaptation.detail, /apt-get install sphinxtrain sphinxbase-utils/);
    assert.match(checks.find((check) => check.id === 'sphinx_lm_convert')!.detail, /^missing \(course language models kept in binary form.*install: apt-get install sphinxbase-utils$/);
    // The files are in place and sherpa-onnx-node's addon loads: the doctor calls it usable.
    assert.equal(checks.find((check) => check.id === 'sensevoice-small')!.usable, true);
  });
});
