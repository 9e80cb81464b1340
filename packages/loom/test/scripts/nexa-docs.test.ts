import { describe, it } from 'node:test';
import assert from 'node:assert/strict';

/** The parts of scripts/nexa-docs.mjs under test, typed here since the script is plain JavaScript. */
interface Refusal {
  readonly code: string;
  readonly message: string;
  readonly line: number;
}
interface Verdict {
  readonly kind: string;
  readonly note?: string;
}
interface ClassifyContext {
  readonly source: string;
  readonly proses: readonly (readonly string[])[];
  readonly declaredElsewhere: (name: string) => boolean;
  readonly builtins: ReadonlySet<string>;
}
interface NexaDocsScript {
  extractBlocks(text: string): { line: number; prose: string[]; source: string }[];
  isCompleteProgram(source: string): boolean;
  declaredNames(source: string): Set<string>;
  documentedBuiltins(texts: string[]): Set<string>;
  classify(error: Refusal, context: ClassifyContext): Verdict;
  normaliseMessage(code: string, message: string, authors?: ReadonlySet<string>): string;
  authorNames(source: string): Set<string>;
}

// A specifier TypeScript does not resolve: the script has no declaration file, and needs none
// for a test that states the types it relies on.
const scriptUrl: string = new URL('../../../../scripts/nexa-docs.mjs', import.meta.url).href;
const script = (await import(scriptUrl)) as NexaDocsScript;

const FENCE = '```';

function context(source: string, overrides: Partial<ClassifyContext> = {}): ClassifyContext {
  return { source, proses: [[]], declaredElsewhere: () => false, builtins: new Set(), ...overrides };
}

describe('nexa-docs: block extraction', () => {
  it('takes nexa and nx blocks with their line and the prose before them, and skips others', () => {
    const page = [
      '# Title',
      'Some prose.',
      `${FENCE}nexa`,
      'flow main {',
      '    print("hi")',
      '}',
      FENCE,
      `${FENCE}bash`,
      'nexa run x.nx',
      FENCE,
      'More prose.',
      `${FENCE}nx`,
      'x = 1',
      FENCE,
    ].join('\n');
    const blocks = script.extractBlocks(page);
    assert.deepEqual(blocks.map((b) => b.line), [4, 13]);
    assert.equal(blocks[0]?.source, 'flow main {\n    print("hi")\n}\n');
    assert.deepEqual(blocks[0]?.prose, ['# Title', 'Some prose.']);
    // The prose before the second block starts after the bash block, not at the page's top.
    assert.deepEqual(blocks[1]?.prose, ['More prose.']);
  });

  it('takes the indentation of an admonition fence off its lines', () => {
    const page = ['!!! tip', `    ${FENCE}nexa`, '    defer print("a");', '    x = 1', `    ${FENCE}`].join('\n');
    assert.equal(script.extractBlocks(page)[0]?.source, 'defer print("a");\nx = 1\n');
  });

  it('knows a complete program by its flow main', () => {
    assert.ok(script.isCompleteProgram('agent A { role: "x" }\nflow main {\n}\n'));
    assert.ok(!script.isCompleteProgram('flow mainly {\n}\n'));
    assert.ok(!script.isCompleteProgram('x = A.run("hi")\n'));
  });

  it('collects declared, assigned and parameter names', () => {
    const names = script.declaredNames('agent Writer { role: "w" }\nflow review(draft: str) {\n    score = 1\n}\n');
    for (const name of ['Writer', 'review', 'draft', 'score']) assert.ok(names.has(name), name);
  });

  it('reads builtins from inline code of the prose', () => {
    const names = script.documentedBuiltins(['Use `secret("KEY")` or `std.fs.read(p)`; `x = 1`.']);
    assert.ok(names.has('secret'));
    assert.ok(!names.has('read'), 'a std function is not a builtin');
  });
});

describe('nexa-docs: classifier', () => {
  it('puts a block the docs mark as wrong first, whatever its error', () => {
    const source = '// ❌ Wrong: missing prompt\nagent Bot {\n}\n';
    assert.equal(script.classify({ code: 'E003', message: 'Missing required property', line: 2 }, context(source)).kind, 'wrong example');
    const prose = context('agent Bot {\n}\n', { proses: [['**避免**：不要这样写']] });
    assert.equal(script.classify({ code: 'E003', message: 'Missing required property', line: 1 }, prose).kind, 'wrong example');
  });

  it('does not take neutral prose about errors for a wrong-example marker', () => {
    const neutral = context('x = risky() otherwise 0\n', { proses: [['## 错误处理', 'Use fast_match to avoid LLM calls:']] });
    assert.equal(script.classify({ code: 'E001', message: "Undeclared identifier 'risky'", line: 1 }, neutral).kind, 'fragment');
  });

  it("finds forms Nexa does not have: f-strings, import, # comments, grammar productions, what its grammar leaves out, std names its runtime lacks", () => {
    const cases: [string, Refusal, string][] = [
      ['x = f"hi {y}"\n', { code: 'E004', message: 'Syntax error: f-strings are not supported', line: 1 }, 'f-string'],
      ['import std.fs\n', { code: 'E001', message: "Undeclared identifier 'import'", line: 1 }, 'import'],
      ['# a comment\n', { code: 'E004', message: "Syntax error: unexpected '#'", line: 1 }, '# comment'],
      ['agent_decl ::= "agent" IDENTIFIER\n', { code: 'E004', message: 'Syntax error', line: 1 }, 'grammar production'],
      ['enum Option[T] { Some(T) }\n', { code: 'E004', message: 'Syntax error: type parameters are not supported', line: 1 }, 'type parameters'],
      ['auth A {\n    secret: secret.K\n}\n', { code: 'E006', message: "Not supported by this runtime: the 'secret' setting of auth A (auth block values are literals)", line: 2 }, 'auth block'],
      ['agent B uses my_tools.py { prompt: "p" }\n', { code: 'E006', message: "Not supported by this runtime: 'uses my_tools.py' in agent B (agent tools are ...)", line: 1 }, 'uses of a path or a three-part name'],
      ['@limit(max_tokens=10, trim="x")\nagent C { prompt: "p" }\n', { code: 'E002', message: "Type mismatch: '@limit' has no argument 'trim'", line: 1 }, 'decorator argument not a number'],
      ['std.concurrent.ch_send(ch, 1)\n', { code: 'E001', message: "Undeclared identifier 'std.concurrent.ch_send': std.concurrent has no function 'ch_send'", line: 1 }, "std name Nexa's runtime lacks"],
    ];
    for (const [source, error, note] of cases) {
      assert.deepEqual(script.classify(error, context(source)), { kind: 'not Nexa', note });
    }
  });

  it('takes uses of a skill file for Nexa: a missing one is a fragment, a tool it leaves unimplemented a contract rule', () => {
    const source = 'agent StreamBot uses "examples/SKILLS.md" { prompt: "p" }\n';
    const missing = { code: 'E001', message: "Undeclared identifier: skill file 'examples/SKILLS.md' not found", line: 1 };
    assert.deepEqual(script.classify(missing, context(source)), { kind: 'fragment', note: 'missing file' });
    const unimplemented = {
      code: 'E006',
      message: "Not supported by this runtime: agent StreamBot uses skill tool 'analyze_data' (examples/SKILLS.md:5:1), which the program does not implement: a skill file only describes a tool",
      line: 1,
    };
    assert.deepEqual(script.classify(unimplemented, context(source)), { kind: 'contract rule', note: 'skill tool without implementation' });
  });

  it('counts E003, E005 and model-name E002s as contract rules', () => {
    const modelName = { code: 'E002', message: "Type mismatch: model 'gpt-4' has no provider prefix", line: 1 };
    assert.equal(script.classify(modelName, context('agent A { model: "gpt-4" }\n')).kind, 'contract rule');
    assert.equal(script.classify({ code: 'E005', message: "Duplicate declaration 'Bot'", line: 1 }, context('x\n')).kind, 'contract rule');
  });

  it('tells a fragment from a gap by where the name is declared', () => {
    const error = { code: 'E001', message: "Undeclared identifier 'Writer'", line: 1 };
    assert.deepEqual(script.classify(error, context('Writer.run("x")\n', { declaredElsewhere: (n) => n === 'Writer' })), { kind: 'fragment' });
    assert.deepEqual(script.classify(error, context('Writer.run("x")\n')), { kind: 'fragment', note: 'free name' });
    const builtin = { code: 'E001', message: "Undeclared identifier 'secret'", line: 1 };
    assert.equal(script.classify(builtin, context('k = secret("K")\n', { builtins: new Set(['secret']) })).kind, 'Loom gap');
    const std = { code: 'E001', message: "Undeclared identifier 'std.ui': the standard library has no namespace 'ui'", line: 1 };
    assert.equal(script.classify(std, context('std.ui.print("x")\n')).kind, 'Loom gap');
  });

  it('calls a placeholder a fragment, and an E006 or other syntax error a gap', () => {
    const placeholder = { code: 'E004', message: "Syntax error: expected an expression, found '..'", line: 1 };
    assert.deepEqual(script.classify(placeholder, context('fn f() { ... }\n')), { kind: 'fragment', note: 'placeholder' });
    const e006 = { code: 'E006', message: "Not supported by this runtime: 'autoloop'", line: 1 };
    assert.equal(script.classify(e006, context('autoloop { ... }\n')).kind, 'Loom gap');
    // A session function outside any server route is a handler's body shown without its server.
    const session = { code: 'E006', message: 'Not supported by this runtime: std.auth.get_user (sessions belong to the requests of a server route, and this program declares no server)', line: 2 };
    assert.deepEqual(script.classify(session, context('flow main {\n    user = std.auth.get_user(request: request);\n}\n')), { kind: 'fragment', note: 'handler outside its server' });
    const syntax = { code: 'E004', message: "Syntax error: expected an expression, found '}'", line: 1 };
    assert.equal(script.classify(syntax, context('x = { }\n')).kind, 'Loom gap');
    const spread = { code: 'E002', message: 'Type mismatch: fork branches are written out one by one', line: 1 };
    assert.deepEqual(script.classify(spread, context('fork [branch1, branch2, ...] merge STRATEGY;\n')), { kind: 'fragment', note: 'placeholder' });
  });

  it('counts refusals kept by decision, and properties Nexa ignores, as contract rules; a property Nexa reads stays a gap', () => {
    const python = { code: 'E006', message: 'Not supported by this runtime: python! blocks', line: 1 };
    assert.deepEqual(script.classify(python, context('x = python! """1"""\n')), { kind: 'contract rule', note: 'python! (decided)' });
    const ignored = { code: 'E002', message: "Type mismatch: agents have no property 'logging'", line: 1 };
    assert.deepEqual(script.classify(ignored, context('    logging: true\n')), { kind: 'contract rule', note: 'property Nexa ignores' });
    const read = { code: 'E002', message: "Type mismatch: agents have no property 'output_format'", line: 1 };
    assert.equal(script.classify(read, context('    output_format: "json"\n')).kind, 'Loom gap');
  });

  it('groups one refusal under one message whatever the authors named their declarations', () => {
    const authors = script.authorNames('// the agent uses tools\nauth MyApp { type: "jwt" }\nauth Portal { type: "jwt" }\nagent Bot { role: "b" }\n');
    assert.deepEqual([...authors].sort(), ['Bot', 'MyApp', 'Portal']);
    assert.equal(
      script.normaliseMessage('E006', "Not supported by this runtime: the 'secret' setting of auth MyApp", authors),
      script.normaliseMessage('E006', "Not supported by this runtime: the 'secret' setting of auth Portal", authors),
    );
    // What Loom refuses stays in the message: the std function, the builtin, the property.
    assert.equal(
      script.normaliseMessage('E001', "Undeclared identifier 'std.auth.csrf': std.auth has no function 'csrf'", authors),
      "E001 Undeclared identifier 'std.auth.csrf': std.auth has no function 'csrf'",
    );
    assert.equal(
      script.normaliseMessage('E006', "'uses std.ask_human' in agent Bot: agent tools are @tool functions, line 12", authors),
      "E006 'uses std.ask_human' in agent …: agent tools are @tool functions, line N",
    );
  });
});
