import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { FlowDeclaration, Pattern } from '../../src/syntax/ast.js';
import { forEachBodyBinding, patternBindingNames } from '../../src/syntax/bindings.js';
import { walk } from '../../src/syntax/walk.js';
import { parseClean } from './helpers.js';

function flowBody(source: string): FlowDeclaration['body'] {
  const flow = parseClean(source).items.find((item): item is FlowDeclaration => item.kind === 'FlowDeclaration');
  assert.ok(flow);
  return flow.body;
}

function boundNames(source: string): string[] {
  const names: string[] = [];
  forEachBodyBinding(flowBody(source), (name) => names.push(name.name));
  return names;
}

test('a body binds what it assigns, lets, loops over and catches, but not what its closures or compound assignments do', () => {
  const names = boundNames(`flow main {
    a = 1
    a += 2
    let (b, c) = pair()
    for item in items { d = item }
    try { e = 1 } catch (err) { print(err) }
    f = fn(x) { hidden = x }
    obj.field = 3
}`);
  assert.deepEqual(names, ['a', 'b', 'c', 'item', 'd', 'e', 'err', 'f']);
});

test('match arm patterns are arm scopes, not names of the enclosing body', () => {
  assert.deepEqual(boundNames('flow main {\n    r = match x { Some(v) => v, _ => 0 }\n}'), ['r']);
});

test('pattern names come in the order the runtime matcher appends their values', () => {
  const body = flowBody('flow main {\n    let [first, (second, third), ..rest] = xs\n    let {name, "label", nested: Some(inner)} = m\n}');
  const patterns: Pattern[] = [];
  walk(body, (node) => {
    if (node.kind === 'LetStatement') patterns.push(node.pattern);
    return true;
  });
  assert.deepEqual(patterns.map(patternBindingNames), [['first', 'second', 'third', 'rest'], ['name', 'label', 'inner']]);
});
