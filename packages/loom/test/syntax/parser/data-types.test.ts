import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { declaration, parseClean, render } from '../helpers.js';

describe('data type declarations', () => {
  it('reads protocols with quoted and expression types', () => {
    const protocol = declaration('protocol R {\n  score: "int",\n  tags: list[str],\n  meta: dict[str, str],\n  v: str | int | float,\n  s: str?,\n  e: Option[str],\n}', 'ProtocolDeclaration');
    assert.deepEqual(protocol.fields.map((f) => `${f.name.name}: ${render(f.type)}`), [
      'score: "int"', 'tags: list[str]', 'meta: dict[str, str]', 'v: str | int | float', 's: str?', 'e: Option[str]',
    ]);
  });
  it('reads type aliases, plain and semantic', () => {
    const program = parseClean('type Email = str @ "valid email"\ntype Tags = list[str]');
    assert.deepEqual(program.items.map((i) => (i.kind === 'TypeAliasDeclaration' ? `${render(i.type)} @ ${i.constraint?.value ?? '-'}` : '')), [
      'str @ valid email', 'list[str] @ -',
    ]);
  });
  it('reads struct, enum, trait and impl', () => {
    const program = parseClean([
      'struct Point { x: Int, y: Int }',
      'enum Option { Some(value), None }',
      'trait Printable { fn format() -> String }',
      'trait Describable { fn describe() : String }',
      'impl Printable for Point {',
      '  fn format() -> String { return "Point(#{self.x})" }',
      '}',
    ].join('\n'));
    const [struct, enumeration, trait, colonTrait, impl] = program.items;
    assert.ok(struct?.kind === 'StructDeclaration');
    assert.deepEqual(struct.fields.map((f) => `${f.name.name}:${render(f.type)}`), ['x:Int', 'y:Int']);
    assert.ok(enumeration?.kind === 'EnumDeclaration');
    assert.deepEqual(enumeration.variants.map((v) => `${v.name.name}${v.fields ? `(${v.fields.map((f) => f.name).join()})` : ''}`), ['Some(value)', 'None']);
    assert.ok(trait?.kind === 'TraitDeclaration' && colonTrait?.kind === 'TraitDeclaration');
    assert.deepEqual([trait.methods[0]?.body, render(colonTrait.methods[0]?.returnType ?? null)], [null, 'String']);
    assert.ok(impl?.kind === 'ImplDeclaration');
    assert.deepEqual([impl.trait.name, impl.target.name, impl.methods[0]?.body?.statements.length], ['Printable', 'Point', 1]);
  });
});
