import assert from 'node:assert/strict';
import { test } from 'node:test';
import { LoomError } from '../../../src/errors.js';
import { renderTemplate } from '../../../src/runtime/core/template.js';

function templateError(render: () => unknown): LoomError {
  try {
    render();
  } catch (error) {
    assert.ok(error instanceof LoomError);
    return error;
  }
  assert.fail('expected a template error');
}

test('outputs escape HTML unless written with triple braces or the raw filter', () => {
  const data = { html: '<i>"x"</i>' };
  assert.equal(renderTemplate('{{html}}|{{{html}}}|{{html | raw}}', data), '&lt;i&gt;&quot;x&quot;&lt;/i&gt;|<i>"x"</i>|<i>"x"</i>');
});

test('for loops expose their metadata and fall back to the empty section', () => {
  const body = '{{#for x in xs}}{{@index}}{{@index1}}{{x}}{{#if @first}}F{{/if}}{{#if @last}}L{{/if}}{{#if @even}}e{{#else}}o{{/if}}/{{@length}} {{#empty}}none{{/for}}';
  assert.equal(renderTemplate(body, { xs: ['a', 'b'] }), '01aFe/2 12bLo/2 ');
  assert.equal(renderTemplate(body, { xs: [] }), 'none');
});

test('conditions compare, negate and combine with and/or', () => {
  const body = '{{#if n > 3 and not done}}big{{#elif n == 3 or done}}three-or-done{{#else}}small{{/if}}';
  assert.equal(renderTemplate(body, { n: 5, done: false }), 'big');
  assert.equal(renderTemplate(body, { n: 3, done: false }), 'three-or-done');
  assert.equal(renderTemplate(body, { n: 1, done: false }), 'small');
});

test('filters chain, take arguments and read nested paths', () => {
  const data = { user: { name: '  grace hopper ', tags: ['b', 'a', 'b'] }, price: 3.14159 };
  assert.equal(renderTemplate('{{user.name | trim | capitalize | truncate(8)}}', data), 'Grace ho...');
  // Nexa's own example: the first n characters, then '...'.
  assert.equal(renderTemplate('{{title | truncate(8)}}', { title: 'Notes on the Analytical Engine' }), 'Notes on...');
  assert.equal(renderTemplate('{{user.tags | unique | sort | join(;)}} {{user.tags[0] | upper}}', data), 'a;b B');
  assert.equal(renderTemplate('{{price | number(2)}} {{user.tags | length}} {{user.name | word_count}}', data), '3.14 3 2');
});

test('a partial renders the template text held by a variable', () => {
  assert.equal(renderTemplate('[{{> card person}}]', { card: '<{{name}}>', person: { name: 'Ada' } }), '[<Ada>]');
});

test('a missing variable is E802 unless a default supplies it', () => {
  assert.equal(renderTemplate('{{title | default(Untitled)}}', {}), 'Untitled');
  const error = templateError(() => renderTemplate('Hi {{user.name}}', { user: {} }));
  assert.equal(error.code, 'E802');
  assert.match(error.message, /'user\.name' is not defined/);
});

test('filter arguments are never HTML-escaped; the data around them is', () => {
  const data = { tags: ['math', 'engines', '<poetry>'] };
  assert.equal(renderTemplate('{{ tags | join(", ") }}', { tags: ['math', 'engines', 'poetry'] }), 'math, engines, poetry');
  assert.equal(renderTemplate('{{ tags | join("<br>") }}', data), 'math<br>engines<br>&lt;poetry&gt;');
  assert.equal(renderTemplate('{{ missing | default("<em>none</em>") }}', {}), '<em>none</em>');
  assert.equal(renderTemplate('{{ text | replace("&", "<b>&amp;</b>") }}', { text: 'a & <b>' }), 'a <b>&amp;</b> &lt;b&gt;');
  // A later filter works on the plain text; its result is escaped as a whole.
  assert.equal(renderTemplate('{{ tags | join("<br>") | upper }}', data), 'MATH&lt;BR&gt;ENGINES&lt;BR&gt;&lt;POETRY&gt;');
  assert.equal(renderTemplate('{{ n | default(3) | number(1) }}', {}), '3.0');
});
