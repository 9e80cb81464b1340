import assert from 'node:assert/strict';
import { test } from 'node:test';
import { add, contains, divide, remainder } from '../../../src/runtime/core/operators.js';
import { index, member, slice } from '../../../src/runtime/core/access.js';
import { destructure, matches } from '../../../src/runtime/core/match.js';
import { display, equals, isAbsent, repr, StructValue, truthy, VariantValue } from '../../../src/runtime/core/values.js';

const none = new VariantValue('Option', 'None', [], []);
const some = (value: unknown) => new VariantValue('Option', 'Some', [value], ['value']);

test('truth follows Python: empty collections, zero, null and None are false', () => {
  for (const value of [false, null, undefined, 0, '', [], {}, none]) assert.equal(truthy(value), false, repr(value));
  for (const value of [true, 1, -1, 'x', [0], { a: 0 }, some(0), new StructValue('P', {})]) assert.equal(truthy(value), true, repr(value));
});

test('equality is structural for lists, dicts, structs and variants', () => {
  assert.ok(equals([1, { a: [2] }], [1, { a: [2] }]));
  assert.ok(!equals({ a: 1 }, { a: 1, b: 2 }));
  assert.ok(equals(some([1]), some([1])));
  assert.ok(!equals(some(1), none));
  assert.ok(equals(new StructValue('P', { x: 1 }), new StructValue('P', { x: 1 })));
  assert.ok(!equals(new StructValue('P', { x: 1 }), new StructValue('Q', { x: 1 })));
});

test('values print like Loom source', () => {
  assert.equal(display(['a', 1, null, true, { k: 'v' }]), '["a", 1, null, true, {"k": "v"}]');
  assert.equal(display(some(2)), 'Option::Some(2)');
  assert.equal(display(new StructValue('Point', { x: 1, y: 2 })), 'Point(x: 1, y: 2)');
  assert.equal(display(3.5), '3.5');
});

test('?? replaces null, None and the empty dict only', () => {
  assert.deepEqual([null, none, {}, 0, '', []].map(isAbsent), [true, true, true, false, false, false]);
});

test('operators: + joins text and lists, % follows the divisor sign, / by zero raises', () => {
  assert.equal(add('n=', 3), 'n=3');
  assert.deepEqual(add([1], [2]), [1, 2]);
  assert.equal(remainder(-7, 3), 2);
  assert.throws(() => divide(1, 0), /division by zero/);
  assert.throws(() => add({}, 1), /cannot add dict/);
  assert.ok(contains({ k: 1 }, 'k') && contains('loom', 'oo') && contains([[1]], [1]));
});

test('access: negative indexes, clamped slices, missing dict keys read null', () => {
  assert.equal(index([1, 2, 3], -1), 3);
  assert.deepEqual(slice([1, 2, 3, 4], 1, -1), [2, 3]);
  assert.equal(slice('loom', -2, null), 'om');
  assert.equal(member({ a: 1 }, 'b'), null);
  assert.equal(member([1, 2], 'length'), 2);
  assert.throws(() => index([1], 1), /out of range/);
  assert.throws(() => member(new StructValue('P', { x: 1 }), 'y'), (error: { code?: string }) => error.code === 'EA01');
});

test('patterns bind in order and destructuring mismatch is E902', () => {
  const bindings: unknown[] = [];
  const pattern = { map: [['name', null], ['tags', { array: [{ bind: 'first' }], rest: true }]] as const, rest: true };
  assert.ok(matches(pattern, { name: 'Ada', tags: ['a', 'b'], age: 36 }, bindings));
  assert.deepEqual(bindings, ['Ada', 'a', ['b'], { age: 36 }]);
  assert.ok(!matches({ tuple: [{ wildcard: true }] }, [1, 2], []));
  assert.throws(() => destructure({ tuple: [{ bind: 'a' }, { bind: 'b' }] }, 'ab'), (error: { code?: string }) => error.code === 'E902');
});
