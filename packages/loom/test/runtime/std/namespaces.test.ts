import assert from 'node:assert/strict';
import { test } from 'node:test';
import { STD_NAMESPACES_AS_TOOLS } from '../../../src/language/builtins.js';
import { STD_FUNCTIONS, STD_NAMESPACES_NOT_RUN, stdFunctionNames } from '../../../src/language/std-library.js';
import type { StdServices } from '../../../src/runtime/std/namespace.js';
import { createStd, stdNamespace } from '../../../src/runtime/std/index.js';
import { NO_TERMINAL } from '../../../src/runtime/infra/terminal.js';

const RUN_NAMESPACES = Object.keys(STD_FUNCTIONS);

/** Services no std function is called with here: creating the namespaces only lists their functions. */
const UNUSED_SERVICES: StdServices = {
  projectRoot: '/nonexistent',
  resources: undefined as never,
  tasks: undefined as never,
  call: () => assert.fail('no std function runs in this test'),
  terminal: NO_TERMINAL,
  write: () => assert.fail('no std function runs in this test'),
};

test('the runtime provides exactly the std namespaces the compiler lets programs call', () => {
  for (const name of RUN_NAMESPACES) assert.ok(stdNamespace(name) !== undefined, `std.${name}`);
  for (const name of STD_NAMESPACES_NOT_RUN) assert.equal(stdNamespace(name), undefined, `std.${name}`);
});

test('every std function the runtime provides is one the checker accepts, and the other way round', () => {
  const std = createStd({}, UNUSED_SERVICES);
  for (const namespace of RUN_NAMESPACES) {
    const provided = Object.keys(std[namespace] ?? {}).sort();
    assert.deepEqual(provided, [...stdFunctionNames(namespace)].sort(), `std.${namespace}`);
  }
});

test('the namespaces agents may use are exactly those whose runtime module describes tools', () => {
  for (const name of RUN_NAMESPACES) {
    assert.equal(stdNamespace(name)?.tools !== undefined, STD_NAMESPACES_AS_TOOLS.has(name), `std.${name}`);
  }
});
