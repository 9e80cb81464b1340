import assert from 'node:assert/strict';
import { test } from 'node:test';
import { findings } from './helpers.js';

test('a malformed template literal is E801 at compile time, at its keyword', () => {
  assert.deepEqual(findings('flow main {\n    items = [1]\n    page = template"""{{#for item in items}}{{ item }}"""\n}\n'), [
    "3:12 E801 Template compilation failed: '{{#for}}' is never closed with '{{/for}}'",
  ]);
  assert.deepEqual(findings('flow main {\n    name = "x"\n    print(template"""{{ name | shout }}""")\n}\n'), [
    "3:11 E801 Template compilation failed: unknown filter 'shout'",
  ]);
});

test('a well-formed template checks clean', () => {
  assert.deepEqual(findings('flow main {\n    tags = ["a"]\n    print(template"""{{#for t in tags}}{{ t | upper }}{{/for}}""")\n}\n'), []);
});
