import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

/** The CLI bundle scripts/build.mjs writes from src/bundle-entry.ts, and the runtime facade beside it. */
const bundlePath = fileURLToPath(new URL('../dist/loom.cjs', import.meta.url));
const facadeUrl = new URL('../dist/runtime.mjs', import.meta.url).href;
const codeCacheUrl = new URL('../../../scripts/code-cache.mjs', import.meta.url).href;

/** Runs `lines` as an ES module in a fresh Node, as bin/loom.js would start the bundle; resolves to its stdout. */
function runDriver(lines: readonly string[]): string {
  const driver = [`const { runWithCodeCache } = await import(${JSON.stringify(codeCacheUrl)});`, ...lines].join('\n');
  const child = spawnSync(process.execPath, ['--input-type=module', '-e', driver], { encoding: 'utf8' });
  assert.equal(child.status, 0, child.stderr);
  return child.stdout;
}

test('the built CLI starts from the code cache its build trained', () => {
  assert.ok(existsSync(bundlePath), 'npm test builds first (pretest)');
  const stdout = runDriver([`process.stdout.write(runWithCodeCache(${JSON.stringify(bundlePath)}).cache);`]);
  assert.equal(stdout, 'used');
});

test("dist/runtime.mjs is the CLI bundle's runtime instance, not a copy of it", () => {
  // Generated programs import the facade; their errors and values must be the CLI's own classes.
  const stdout = runDriver([
    `const { exports } = runWithCodeCache(${JSON.stringify(bundlePath)});`,
    'const runtime = await exports.loadRuntime();',
    `const facade = await import(${JSON.stringify(facadeUrl)});`,
    "const names = Object.keys(runtime).filter((name) => name !== 'default');",
    'process.stdout.write(JSON.stringify({ names: names.length, same: names.every((name) => facade[name] === runtime[name]), extra: Object.keys(facade).filter((name) => !names.includes(name)) }));',
  ]);
  const { names, same, extra } = JSON.parse(stdout) as { names: number; same: boolean; extra: string[] };
  assert.ok(names > 10, `the runtime exports ${names} names`);
  assert.equal(same, true);
  assert.deepEqual(extra, []);
});

test('the CLI bundle is ASCII, so V8 holds it as a one-byte string', () => {
  const bytes = readFileSync(bundlePath);
  const index = bytes.findIndex((byte) => byte > 0x7f);
  const text = bytes.toString('latin1');
  assert.equal(index, -1, `a character outside ASCII near: ${text.slice(Math.max(0, index - 60), index + 20)}`);
});
