import assert from 'node:assert/strict';
import { test } from 'node:test';
import { runSource } from '../run-source.js';

test('std functions take positional and named arguments, bound by the documented parameter names', async () => {
  const run = await runSource(`flow main {
    print(std.text.replace(text: "a-b", from: "-", to: "+"), std.text.replace("a-b", "-", to: "+"))
    print(std.hash.sha256(text: "x") == std.hash.sha256("x"))
    print(std.template.render(data: {"who": "you"}, template_str: "hi {{who}}"))
}`);
  assert.equal(run.stderr, '');
  assert.equal(run.stdout, 'a+b a+b\ntrue\nhi you\n');
});

test('a name the function does not document, or one argument given twice, is E105 naming the parameters', async () => {
  const run = await runSource(`flow main {
    try {
        std.text.upper(txt: "a")
    } catch (e) {
        print(e.code, e.message)
    }
    std.text.upper("a", text: "b")
}`);
  assert.equal(run.stdout, "E105 std.text.upper has no parameter 'txt' (its parameters: text)\n");
  assert.match(run.stderr, /^RuntimeError: std\.text\.upper: 'text' is given twice, by position and by name\n {2}--> program\.nx:7:5\n {2}= code E105\n$/);
});
