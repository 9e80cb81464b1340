import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const engine = fileURLToPath(new URL('../../../src/answer-engine/builtin/engine.ts', import.meta.url));
const models = fileURLToPath(new URL('../../../src/answer-engine/text/language-models.ts', import.meta.url));

describe('language models', () => {
  it('are not loaded by importing the engine, only by its first answer', () => {
    // A fresh process: this one has loaded them for other tests.
    const script = `
      const { runBuiltin } = await import(${JSON.stringify(engine)});
      const { languageModels } = await import(${JSON.stringify(models)});
      const before = languageModels() === undefined;
      const request = { kind: 'rescue', courseName: 'c', entries: [{ id: 1, text: 'The derivative is the slope of the tangent line.', createdAt: new Date().toISOString() }] };
      for await (const _ of runBuiltin(request, { signal: new AbortController().signal })) { /* drain */ }
      process.stdout.write(JSON.stringify({ before, after: languageModels() !== undefined }));`;
    const result = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { encoding: 'utf8' });
    assert.equal(result.status, 0, result.stderr);
    assert.deepEqual(JSON.parse(result.stdout), { before: true, after: true });
  });
});
