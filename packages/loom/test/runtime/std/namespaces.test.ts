import assert from 'node:assert/strict';
import { test } from 'node:test';
import { STD_NAMESPACES, STD_NAMESPACES_AS_TOOLS, STD_NAMESPACES_RUN } from '../../../src/language/builtins.js';
import { stdNamespace } from '../../../src/runtime/std/index.js';

test('the runtime provides exactly the std namespaces the compiler lets programs call', () => {
  for (const name of STD_NAMESPACES) {
    assert.equal(stdNamespace(name) !== undefined, STD_NAMESPACES_RUN.has(name), `std.${name}`);
  }
  for (const name of STD_NAMESPACES_RUN) assert.ok(STD_NAMESPACES.has(name), `std.${name} is run but not known`);
});

test('the namespaces agents may use are exactly those whose runtime module describes tools', () => {
  for (const name of STD_NAMESPACES_RUN) {
    assert.equal(stdNamespace(name)?.tools !== undefined, STD_NAMESPACES_AS_TOOLS.has(name), `std.${name}`);
  }
});
