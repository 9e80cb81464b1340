import assert from 'node:assert/strict';
import { test } from 'node:test';
import { LoomError } from '../../../src/errors.js';
import { stdServices } from '../../support/std-services.js';
import { createStd } from '../../../src/runtime/std/index.js';

const env = { HOME_CITY: 'Lyon', OPENAI_API_KEY: 'sk-live-abcdef', GITHUB_TOKEN: 'ghp-123', DB_PASSWORD: 'hunter2' };
const stdEnv = createStd(env, stdServices()).env!;

test('std.env reads variables, with a default for one that is not set', () => {
  assert.equal(stdEnv.get!('HOME_CITY'), 'Lyon');
  assert.equal(stdEnv.get!('NOT_SET', 'fallback'), 'fallback');
  assert.equal(stdEnv.get!('NOT_SET'), null);
  assert.equal(stdEnv.has!('HOME_CITY'), true);
});

test('std.env never gives out a credential, and names() lists names without values', () => {
  for (const name of ['OPENAI_API_KEY', 'GITHUB_TOKEN', 'DB_PASSWORD']) {
    let refused: unknown;
    try {
      stdEnv.get!(name);
    } catch (error) {
      refused = error;
    }
    assert.ok(refused instanceof LoomError && refused.code === 'E105', name);
    assert.doesNotMatch(refused.message, /sk-live|ghp-|hunter2/);
    assert.match(refused.message, /secret\("/);
  }
  assert.equal(stdEnv.has!('GITHUB_TOKEN'), true);
  assert.deepEqual(stdEnv.names!(), ['DB_PASSWORD', 'GITHUB_TOKEN', 'HOME_CITY', 'OPENAI_API_KEY']);
});
