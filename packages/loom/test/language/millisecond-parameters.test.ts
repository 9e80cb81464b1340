import assert from 'node:assert/strict';
import { test } from 'node:test';
import { MILLISECOND_PARAMETERS } from '../../src/language/millisecond-parameters.js';
import { concurrentNamespace } from '../../src/runtime/std/concurrent.js';

test('the millisecond parameters the compiler knows are std.concurrent parameters, by name and position', () => {
  const parameters: Readonly<Partial<Record<string, readonly string[]>>> = concurrentNamespace.parameters ?? {};
  for (const [name, parameter] of MILLISECOND_PARAMETERS) {
    assert.equal(parameters[name]?.[parameter.position], parameter.name, `std.concurrent.${name}`);
  }
});
