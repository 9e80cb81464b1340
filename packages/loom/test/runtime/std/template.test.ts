/** `std.template`: rendering template text held in a value, as the Nexa standard library does. */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { runSource } from '../run-source.js';

it('std.template.render takes named or positional arguments and renders like template"""..."""', async () => {
  const run = await runSource(`flow main {
    print(std.template.render(template_str: "Hello {{name}}!", data: {"name": "Alice"}))
    print(std.template.render("{{ tags | join(\\", \\") }}", {"tags": ["math", "engines", "poetry"]}))
    print(std.template.filter_apply(value: "hello world", filter: "upper"))
    print(std.template.filter_apply("a-b", "replace", "-", "+"))
    try {
        std.template.render("{{who}}", {})
    } catch (e) {
        print(e.code)
    }
}
`);
  assert.equal(run.stderr, '');
  assert.equal(run.stdout, 'Hello Alice!\nmath, engines, poetry\nHELLO WORLD\na+b\nE802\n');
});
