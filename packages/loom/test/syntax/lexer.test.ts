import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { tokenize } from '../../src/syntax/lexer.js';
import type { StringToken, Token } from '../../src/syntax/tokens.js';

const FILE = 'lex.nx';

function tokens(source: string): Token[] {
  const result = tokenize(source, FILE);
  assert.deepEqual(result.diagnostics, [], 'unexpected lexer diagnostics');
  return result.tokens;
}

/** `kind:text@line:column` for each token except the final eof. */
function summary(source: string): string[] {
  return tokens(source).slice(0, -1).map((t) => `${t.kind}:${t.text}@${t.span.start.line}:${t.span.start.column}`);
}

function onlyString(source: string): StringToken {
  const [first] = tokens(source);
  assert.ok(first !== undefined && first.kind === 'string', 'expected a string token');
  return first;
}

describe('lexer', () => {
  it('gives every token its exact line, column, offset and end', () => {
    const source = 'agent Writer {\n  role: "w"\n}';
    const all = tokens(source);
    const role = all[3] as Token;
    assert.equal(role.text, 'role');
    assert.deepEqual(role.span.start, { line: 2, column: 3, offset: 17 });
    assert.deepEqual(role.span.end, { line: 2, column: 7, offset: 21 });
    const text = all[5] as Token;
    assert.equal(source.slice(text.span.start.offset, text.span.end.offset), '"w"');
    assert.equal(all.at(-1)?.kind, 'eof');
    assert.deepEqual(all.at(-1)?.span.start, { line: 3, column: 2, offset: source.length });
  });

  it('counts \\r\\n and \\r as one line break each', () => {
    assert.deepEqual(summary('a\r\nb\rc'), ['identifier:a@1:1', 'identifier:b@2:1', 'identifier:c@3:1']);
  });

  it('marks tokens that start a new line', () => {
    const [a, b, c] = tokens('a b\n  c');
    assert.deepEqual([a?.newlineBefore, b?.newlineBefore, c?.newlineBefore], [true, false, true]);
  });

  it('skips // and /* */ comments, including multi-line ones', () => {
    assert.deepEqual(summary('a // note\n/* one\ntwo */ b /// doc\nc'), [
      'identifier:a@1:1', 'identifier:b@3:8', 'identifier:c@4:1',
    ]);
  });

  it('reads the longest operator first', () => {
    assert.deepEqual(tokens('|>> &>> |> >> ?? :: .. -> => == != <= >= || && ** ? |').slice(0, -1).map((t) => t.text), [
      '|>>', '&>>', '|>', '>>', '??', '::', '..', '->', '=>', '==', '!=', '<=', '>=', '||', '&&', '**', '?', '|',
    ]);
  });

  it('reads Unicode letters in names', () => {
    assert.deepEqual(summary('agent 翻译者 { données: 1 }').slice(0, 5), [
      'identifier:agent@1:1', 'identifier:翻译者@1:7', 'punctuator:{@1:11', 'identifier:données@1:13', 'punctuator::@1:20',
    ]);
  });

  it('reads each word exactly, whatever the table of recent words holds for its slot', () => {
    // Thousands of distinct names overflow the lexer's small word table, and names that are
    // prefixes of each other or differ in one late character land on compared slots: the text
    // of every token must still be its own source text, and a repeat the same string.
    const names = Array.from({ length: 3000 }, (_, i) => `name_${i.toString(36)}`);
    names.push('a', 'ab', 'abc', 'abd', 'abc_', 'été', 'ét', '名前', '名');
    const source = [...names, ...names.slice().reverse()].join(' ');
    const words = tokens(source).filter((token) => token.kind === 'identifier');
    assert.deepEqual(words.map((token) => token.text), source.split(' '));
    for (const token of words) assert.equal(token.text, source.slice(token.span.start.offset, token.span.end.offset));
  });

  it('reads integers, floats, underscores, exponents and duration suffixes', () => {
    const numbers = tokens('42 3.14 1_000 2e3 1.5E-2 500ms 30s').slice(0, -1);
    assert.deepEqual(numbers.map((t) => (t.kind === 'number' ? [t.value, t.isFloat, t.unit] : null)), [
      [42, false, null], [3.14, true, null], [1000, false, null], [2000, true, null], [0.015, true, null],
      [500, false, 'ms'], [30, false, 's'],
    ]);
  });

  it('does not read "1..5" as a float', () => {
    assert.deepEqual(summary('1..5'), ['number:1@1:1', 'punctuator:..@1:2', 'number:5@1:4']);
  });

  it('resolves escapes in strings and keeps unknown ones verbatim', () => {
    const token = onlyString(String.raw`"a\nb\t\"q\" \\ \u00e9\u{1F600} \d"`);
    assert.deepEqual(token.segments.map((s) => (s.kind === 'text' ? s.value : '#')), ['a\nb\t"q" \\ é😀 \\d']);
  });

  it('reads single-quoted strings', () => {
    const token = onlyString(String.raw`'it\'s "fine"'`);
    assert.deepEqual(token.segments.map((s) => (s.kind === 'text' ? s.value : '#')), [`it's "fine"`]);
  });

  it('reads triple-quoted strings across lines, with quotes inside', () => {
    const token = onlyString('"""\nLine "one"\n""Line two""\n"""');
    assert.equal(token.triple, true);
    assert.deepEqual(token.segments.map((s) => (s.kind === 'text' ? s.value : '#')), ['\nLine "one"\n""Line two""\n']);
    assert.equal(token.span.end.line, 4);
    assert.equal(onlyString('""""""').segments.length, 0);
  });

  it('splits #{...} interpolation into segments with their own tokens', () => {
    const token = onlyString('"Hi #{user.name}, #{items[0] ?? \'none\'}!"');
    const shape = token.segments.map((s) => (s.kind === 'text' ? s.value : s.tokens.map((t) => t.text).join(' ')));
    assert.deepEqual(shape, ['Hi ', 'user . name }', ', ', "items [ 0 ] ?? 'none' }", '!']);
    const interpolation = token.segments[1];
    assert.ok(interpolation?.kind === 'interpolation');
    assert.deepEqual(interpolation.span.start, { line: 1, column: 5, offset: 4 });
    assert.equal(interpolation.tokens[0]?.span.start.column, 7);
  });

  it('allows braces and strings inside an interpolation', () => {
    const token = onlyString('"#{f({"k": 1})}"');
    const inner = token.segments[0];
    assert.ok(inner?.kind === 'interpolation');
    assert.deepEqual(inner.tokens.map((t) => t.text), ['f', '(', '{', '"k"', ':', '1', '}', ')', '}']);
  });

  it('escapes #{ with a backslash', () => {
    const token = onlyString(String.raw`"\#{not_code}"`);
    assert.deepEqual(token.segments.map((s) => s.kind), ['text']);
    assert.deepEqual(token.segments.map((s) => (s.kind === 'text' ? s.value : '')), ['#{not_code}']);
  });

  it('keeps r"..." regex bodies verbatim', () => {
    const [regex] = tokens(String.raw`r"\d{4}-\"x\"$"`);
    assert.ok(regex?.kind === 'regex');
    assert.equal(regex.pattern, String.raw`\d{4}-\"x\"$`);
  });

  it('keeps template"""...""" bodies verbatim', () => {
    const [template] = tokens('template"""{{#for x in xs}}#{x}\n{{/for}}"""');
    assert.ok(template?.kind === 'template');
    assert.equal(template.body, '{{#for x in xs}}#{x}\n{{/for}}');
  });

  it('keeps the raw body of triple strings for python! code', () => {
    const token = onlyString('"""print("\\\\n")"""');
    assert.equal(token.rawBody, 'print("\\\\n")');
  });

  describe('errors', () => {
    it('reports an unterminated string at its opening quote and keeps going', () => {
      const result = tokenize('x = "open\ny = 2', FILE);
      assert.deepEqual(result.diagnostics.map((d) => [d.code, d.span.start.line, d.span.start.column, d.message]), [
        ['E004', 1, 5, `Syntax error: unterminated string: expected '"' before the end of the line`],
      ]);
      assert.deepEqual(result.tokens.slice(3).map((t) => t.text), ['y', '=', '2', '']);
    });

    it('reads a string mistakenly broken across lines up to its closing quote, reporting it once', () => {
      const result = tokenize('agent A {\n  prompt: "Be kind.\n     Be brief.",\n  model: "m"\n}', FILE);
      assert.deepEqual(result.diagnostics.map((d) => [d.span.start.line, d.span.start.column, d.message]), [
        [2, 11, `Syntax error: unterminated string: expected '"' before the end of the line`],
      ]);
      const prompt = result.tokens[5];
      assert.ok(prompt?.kind === 'string');
      assert.deepEqual(prompt.segments.map((s) => (s.kind === 'text' ? s.value : '#')), ['Be kind.\n     Be brief.']);
      assert.deepEqual(result.tokens.slice(6).map((t) => t.text), [',', 'model', ':', '"m"', '}', '']);
    });

    it('reports an unterminated triple string, comment and interpolation', () => {
      assert.match(tokenize('"""never', FILE).diagnostics[0]?.message ?? '', /unterminated string: expected '"""'/);
      assert.match(tokenize('/* never', FILE).diagnostics[0]?.message ?? '', /unterminated comment/);
      assert.match(tokenize('"#{a + "', FILE).diagnostics.map((d) => d.message).join('|'), /unterminated/);
    });

    it('reports a run of unknown characters once, with its span', () => {
      const result = tokenize('a ═══ b # c', FILE);
      assert.deepEqual(result.diagnostics.map((d) => [d.message, d.span.start.column, d.span.end.column]), [
        ["Syntax error: unexpected characters '═══'", 3, 6],
        ["Syntax error: unexpected character '#'", 9, 10],
      ]);
      assert.deepEqual(result.tokens.map((t) => t.text), ['a', 'b', 'c', '']);
    });

    it('rejects names that start with a digit', () => {
      assert.deepEqual(tokenize('2ndAgent', FILE).diagnostics.map((d) => d.message), [
        "Syntax error: invalid number '2ndAgent': names cannot start with a digit",
      ]);
    });

    it('reports a Python f-string once, with the #{} remedy, and reads it as a string', () => {
      const result = tokenize('print(f"Hi {name}")', FILE);
      assert.deepEqual(result.diagnostics.map((d) => [d.message, d.hint, d.span.start.column]), [
        ['Syntax error: f-strings are not supported', 'interpolate with #{...} inside a plain string: "Hi #{name}"', 7],
      ]);
      assert.deepEqual(result.tokens.map((t) => t.kind), ['identifier', 'punctuator', 'string', 'punctuator', 'eof']);
    });

    it('rejects malformed unicode escapes', () => {
      assert.match(tokenize(String.raw`"\u12"`, FILE).diagnostics[0]?.message ?? '', /invalid unicode escape/);
    });
  });
});
