import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The loader bin/lectern.js starts its bundle with (through scripts/launcher.mjs). */
const codeCacheUrl = new URL('../../../../scripts/code-cache.mjs', import.meta.url).href;
const trainingVariable = 'BUNDLE_CODE_CACHE_TRAINING';

/**
 * A small CommonJS bundle: what a bundled CLI relies on — require, __filename, module.exports,
 * the loader's importer for ES modules kept out of the bundle, and a stack trace that names its
 * line.
 */
const bundleSource = [
  "'use strict';",
  "const { basename } = require('node:path');",
  'function answer() { return 6 * 7; }',
  'module.exports = { answer: answer(), file: basename(__filename), where: () => new Error().stack.split("\\n")[1] };',
  "module.exports.loaded = __bundleImport('node:os').then((os) => typeof os.cpus);",
  '',
].join('\n');

interface Run {
  cache: string;
  answer: number;
  file: string;
  where: string;
  loaded: string;
}

/** Runs the bundle in a fresh Node through the loader, with the given V8 flags set first. */
function run(bundlePath: string, options: { training?: boolean; v8Flags?: string } = {}): Run {
  const driver = [
    `import { setFlagsFromString } from 'node:v8';`,
    options.v8Flags ? `setFlagsFromString(${JSON.stringify(options.v8Flags)});` : '',
    `const { runWithCodeCache } = await import(${JSON.stringify(codeCacheUrl)});`,
    `const { exports, cache } = runWithCodeCache(${JSON.stringify(bundlePath)});`,
    `process.stdout.write(JSON.stringify({ cache, answer: exports.answer, file: exports.file, where: exports.where(), loaded: await exports.loaded }));`,
  ].join('\n');
  const env = { ...process.env, [trainingVariable]: options.training ? '1' : '' };
  const child = spawnSync(process.execPath, ['--input-type=module', '-e', driver], { env, encoding: 'utf8' });
  assert.equal(child.status, 0, child.stderr);
  return JSON.parse(child.stdout) as Run;
}

function withBundle(test: (bundlePath: string) => void): void {
  const dir = mkdtempSync(join(tmpdir(), 'lectern-code-cache-'));
  try {
    const bundlePath = join(dir, 'cli.cjs');
    writeFileSync(bundlePath, bundleSource);
    test(bundlePath);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('the bundle code cache (scripts/code-cache.mjs)', () => {
  it('runs a bundle as CommonJS, trains a cache at exit, and starts from it the next time', () => {
    withBundle((bundlePath) => {
      const first = run(bundlePath, { training: true });
      assert.deepEqual({ ...first, where: undefined }, { cache: 'absent', answer: 42, file: 'cli.cjs', where: undefined, loaded: 'function' });
      // Line numbers are the file's own, although the loader wraps the source in a function.
      assert.match(first.where, /cli\.cjs:4:/);
      assert.ok(existsSync(`${bundlePath}.cache`), 'the training run wrote a cache');
      const second = run(bundlePath);
      assert.equal(second.cache, 'used');
      assert.equal(second.answer, 42);
      assert.match(second.where, /cli\.cjs:4:/);
    });
  });

  it('runs a bundle once a process: a second call for its path returns the same exports', () => {
    withBundle((bundlePath) => {
      const driver = [
        `const { runWithCodeCache } = await import(${JSON.stringify(codeCacheUrl)});`,
        `const first = runWithCodeCache(${JSON.stringify(bundlePath)}).exports;`,
        `const second = runWithCodeCache(${JSON.stringify(bundlePath)}).exports;`,
        'process.stdout.write(String(first === second));',
      ].join('\n');
      const child = spawnSync(process.execPath, ['--input-type=module', '-e', driver], { encoding: 'utf8' });
      assert.equal(child.status, 0, child.stderr);
      assert.equal(child.stdout, 'true');
    });
  });

  it("lends the bundle an importer that takes a module's URL as it is", () => {
    withBundle((bundlePath) => {
      writeFileSync(bundlePath, `${bundleSource}module.exports.loaded = __bundleImport('data:text/javascript,export default typeof 1;').then((m) => m.default);\n`);
      assert.equal(run(bundlePath).loaded, 'number');
    });
  });

  it('writes no cache unless asked to train one', () => {
    withBundle((bundlePath) => {
      assert.equal(run(bundlePath).cache, 'absent');
      assert.equal(existsSync(`${bundlePath}.cache`), false);
    });
  });

  it('ignores a cache made for another build of the bundle', () => {
    withBundle((bundlePath) => {
      run(bundlePath, { training: true });
      // Same length, other content: V8's own check (the source length) would not notice.
      writeFileSync(bundlePath, bundleSource.replace('6 * 7', '7 * 6'));
      const later = new Date(Date.now() + 5_000);
      utimesSync(bundlePath, later, later);
      const rebuilt = run(bundlePath);
      assert.equal(rebuilt.cache, 'absent');
      assert.equal(rebuilt.answer, 42);
    });
  });

  it('is refused by V8 under other flags, and the bundle still runs', () => {
    withBundle((bundlePath) => {
      run(bundlePath, { training: true });
      const flagged = run(bundlePath, { v8Flags: '--optimize-for-size' });
      assert.equal(flagged.cache, 'refused');
      assert.equal(flagged.answer, 42);
    });
  });
});

describe('the built Lectern CLI', () => {
  it('starts from the code cache its build trained, under the flags bin/lectern.js sets', () => {
    const bundlePath = fileURLToPath(new URL('../../dist/lectern.cjs', import.meta.url));
    assert.ok(existsSync(bundlePath), 'npm test builds first (pretest)');
    const launcher = readFileSync(fileURLToPath(new URL('../../bin/lectern.js', import.meta.url)), 'utf8');
    const flags = /setFlagsFromString\('([^']+)'\)/.exec(launcher)?.[1];
    assert.ok(flags, 'bin/lectern.js sets its V8 flags');
    const driver = [
      `import { setFlagsFromString } from 'node:v8';`,
      `setFlagsFromString(${JSON.stringify(flags)});`,
      `const { runWithCodeCache } = await import(${JSON.stringify(codeCacheUrl)});`,
      `process.argv = [process.argv[0], 'lectern', '--version'];`,
      `process.stderr.write(runWithCodeCache(${JSON.stringify(bundlePath)}).cache);`,
    ].join('\n');
    const child = spawnSync(process.execPath, ['--input-type=module', '-e', driver], { encoding: 'utf8' });
    assert.equal(child.status, 0, child.stderr);
    assert.match(child.stdout, /^\d+\.\d+\.\d+\n$/);
    assert.equal(child.stderr, 'used');
  });
});
