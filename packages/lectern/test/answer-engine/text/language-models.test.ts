import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const engine = fileURLToPath(new URL('../../../src/answer-engine/builtin/engine.ts', import.meta.url));
const models = fileURLToPath(new URL('../../../src/answer-engine/text/language-models.ts', import.meta.url));

describe('language models', () => {
  it('are not loaded by importing the engine, only by its first answer, and only for the class\'s language', () => {
    // A fresh process: this one has loaded them for other tests.
    const script = `
      const { runBuiltin } = await import(${JSON.stringify(engine)});
      const { languageModels } = await import(${JSON.stringify(models)});
      const english = { english: true, chinese: false };
      const before = languageModels(english) === undefined;
      const request = { kind: 'rescue', courseName: 'c', entries: [{ id: 1, text: 'The derivative is the slope of the tangent line.', createdAt: new Date().toISOString() }] };
      for await (const _ of runBuiltin(request, { signal: new AbortController().signal })) { /* drain */ }
      const chinese = languageModels({ english: false, chinese: true }) !== undefined;
      process.stdout.write(JSON.stringify({ before, after: languageModels(english) !== undefined, chinese }));`;
    const result = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { encoding: 'utf8' });
    assert.equal(result.status, 0, result.stderr);
    assert.deepEqual(JSON.parse(result.stdout), { before: true, after: true, chinese: false });
  });
});

describe('language models: loading once', () => {
  it('build jieba once however many answers wait for it', () => {
    // A fresh process, so the first answers are the ones that load jieba.
    const script = `
      // Jieba's static methods are read-only: a loader hook hands the engine a counting stand-in.
      const stub = \`import { createRequire } from 'node:module';
        const { Jieba } = createRequire(${JSON.stringify(models)})('@node-rs/jieba');
        globalThis.jiebaBuilt = 0;
        const counting = { withDict: (dict) => { globalThis.jiebaBuilt++; return Jieba.withDict(dict); } };
        export { counting as Jieba };\`;
      const hooks = \`export async function resolve(specifier, context, next) {
        if (specifier === '@node-rs/jieba') return { url: 'data:text/javascript,' + encodeURIComponent(\${JSON.stringify(stub)}), shortCircuit: true };
        return next(specifier, context);
      }\`;
      const { register } = await import('node:module');
      register('data:text/javascript,' + encodeURIComponent(hooks));
      const { runBuiltin } = await import(${JSON.stringify(engine)});
      const { loadLanguageModels } = await import(${JSON.stringify(models)});
      const request = { kind: 'rescue', courseName: 'c', entries: [{ id: 1, text: '导数是切线的斜率。', createdAt: new Date().toISOString() }] };
      const drain = async () => { for await (const _ of runBuiltin(request, { signal: new AbortController().signal })) { /* drain */ } };
      await Promise.all([drain(), drain(), drain()]);
      await loadLanguageModels({ english: false, chinese: true });
      process.stdout.write(JSON.stringify({ built: globalThis.jiebaBuilt }));`;
    const result = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { encoding: 'utf8' });
    assert.equal(result.status, 0, result.stderr);
    assert.deepEqual(JSON.parse(result.stdout), { built: 1 });
  });
});
