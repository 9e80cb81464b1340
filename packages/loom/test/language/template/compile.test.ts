import assert from 'node:assert/strict';
import { test } from 'node:test';
import { LoomError } from '../../../src/errors.js';
import { compileTemplate } from '../../../src/language/template/compile.js';

function templateError(render: () => unknown): LoomError {
  try {
    render();
  } catch (error) {
    assert.ok(error instanceof LoomError);
    return error;
  }
  assert.fail('expected a template error');
}

test('malformed templates are E801', () => {
  for (const body of ['{{#if x}}open', '{{/for}}', '{{x | nope}}', '{{#for x of xs}}{{/for}}', 'a {{ b', '{{#if a}}{{/for}}']) {
    assert.equal(templateError(() => compileTemplate(body)).code, 'E801', body);
  }
});

test('compiling lists the variables a template reads from its data', () => {
  assert.deepEqual(compileTemplate('{{a}}{{#for x in xs}}{{x}}{{b.c}}{{@index}}{{/for}}{{#if d == e}}{{/if}}').rootNames, ['a', 'xs', 'b', 'd', 'e']);
});

test('filter arguments are literals of the template language: commas and quotes inside quotes belong to the text', () => {
  const [output] = compileTemplate(`{{ tags | join(", ") | replace('a, b', "say \\"hi\\"") | truncate(20) | default(Untitled) }}`).nodes;
  assert.equal(output.kind, 'output');
  assert.deepEqual(output.kind === 'output' ? output.filters.map((filter) => [filter.name, filter.args]) : [], [
    ['join', [', ']],
    ['replace', ['a, b', 'say "hi"']],
    ['truncate', [20]],
    ['default', ['Untitled']],
  ]);
});

test('an unclosed quote in filter arguments is E801', () => {
  assert.equal(templateError(() => compileTemplate('{{ tags | join(", ) }}')).code, 'E801');
});
