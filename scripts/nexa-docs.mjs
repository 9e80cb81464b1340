#!/usr/bin/env node
// Measures how much of the code in the public Nexa documentation Loom accepts and runs (issue
// 32): every ```nexa (or ```nx) block of every docs/**/*.md page of a Nexa-docs checkout is
// checked with `loom validate --json`, each complete program (one declaring `flow main`) that
// validates is run with `loom run` against the fake model server of Loom's tests, and every
// refusal is put in one class by its first error.
//
//   node --import tsx scripts/nexa-docs.mjs PATH/TO/Nexa-docs [--json] [--keep]
//
// Identical blocks (the same code on several pages) are checked once; the report gives both
// counts. Each unique block is written to a directory of its own in a temporary folder (so what a
// program writes stays there), with a map back to the page and line of every copy; the folder is
// removed at the end unless --keep is given, which leaves it with the map in map.json and prints
// its path on stderr. `--json` prints the report with every refusal and where it is. As in scripts/nexa-examples.mjs, every provider's key and base URL point at
// the fake server through the environment, standard input is closed, and each program gets
// 20 s; at most 2 `loom` processes run at a time.
//
// THE CLASSIFIER. A block that `loom validate` refuses goes to the first class whose rule holds,
// in this order. It reads the first error only (code, message, and the line of the block it
// points at) and never parses Nexa itself, so it is an instrument with known blind spots; where
// a rule guesses, it says so.
//
//  1. "wrong example": the docs mark the block as what not to write. Guess: a marker in a `//`
//     comment of the block (❌, 反例, 避免, 错误:, 错误示例/写法/格式/用法, wrong, bad, avoid,
//     don't, incorrect, invalid), or in one of the 3 prose lines before any of its copies (❌,
//     反例, 错误示例/写法/格式/用法, or a line opening, after Markdown marks, with avoid/避免/
//     wrong/bad/don't/invalid/incorrect/无效). Plain 错误 ("error") and a mid-sentence "avoid"
//     are too common in neutral prose ("错误处理", "to avoid LLM calls") to count. A block contrasting ❌ and ✅ halves counts as
//     wrong as a whole, whichever half Loom refuses.
//  2. "not Nexa": a form Nexa's own grammar (src/nexa_parser.py of the Nexa repository: only
//     `//` and `/* */` comments, `include "f";` but no `import`, plain strings, agent properties
//     written `name: value`) rejects, judged from the line the first error points at: an
//     f-string, a line opening with `import` or `from … import`, a `#` comment (a line opening
//     with `#` not followed by `{` or `[`), an agent "property" written without its colon
//     (`uses std.fs` inside the body: E002 "agents have no property"); and a block holding a
//     grammar production (`::=`), which is EBNF, not code.
//  3. "contract rule": a rule of Loom's contract (docs/loom/reference.md) that Nexa leaves open
//     or states differently: E003 (an agent with neither role nor prompt, a job without a
//     handler), E005 (a duplicate declaration), and an E002 whose message is about a model name
//     (no `provider/` prefix, `provider:` instead of `/`) or a quoted boolean (`"true"`).
//  4. "fragment": a piece of a program, not a program. An E001 whose name another block
//     declares (as an agent, flow, tool, protocol, fn, struct, enum, trait, type, job, db, kv,
//     auth, test or parameter) or assigns, an E002 "unknown type" another block declares, an
//     E001 for a file the block includes or names (the docs ship no such files), an E001 or
//     E004 on a line holding a placeholder (`...`, `…`, `<name>`), a syntax error at the end of
//     the block (a signature without its body), and an E006 for a session function of std.auth
//     called where no server route reaches it (a route handler's lines shown without their
//     server; Loom runs them under `loom serve`). Guess: an E001 of a name declared nowhere and not
//     documented as std or builtin counts here too (a free variable the surrounding prose
//     supplies), with the note "free name".
//  5. "Loom gap": a construct Nexa documents that Loom refuses. E006 (Loom knows the construct
//     but does not run it); any other syntax error (E004) — a guess: we assume Nexa's grammar
//     accepts what rules 1, 2 and 4 did not explain, without running Nexa's parser (which is
//     Python); an E001 on a `std.` name or on a name the docs document as a builtin (written
//     as `name(` in inline code of the prose); an E002 for an agent property written
//     `name: value` or a decorator argument that Loom does not know (a guess: the docs use it,
//     and Nexa's grammar takes any `name: value`, but whether Nexa acts on it is not checked).
//  6. "unclassified": anything else (other E002s, E1xx–EC codes raised at compile time, …).
//
// "Internal errors" are counted apart from the classes: a `loom` process whose stderr holds a
// JavaScript stack trace, or that fails without any E-code (validate: an exit status other than
// 0 and 2, or output that is not the JSON report; run: a failure naming no E-code).
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { spawn } from 'node:child_process';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { startFakeProviders } from './fake-providers.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const LOOM = join(root, 'packages/loom/bin/loom.js');
const RUN_LIMIT_MS = 20_000;
const PARALLEL = 2;
export const CLASSES = ['Loom gap', 'fragment', 'wrong example', 'contract rule', 'not Nexa', 'unclassified'];

// ---------------------------------------------------------------------------------------------
// Extraction

/** An opening fence of a Nexa block, indented or not (admonitions indent theirs by 4). */
const NEXA_FENCE = /^(\s*)(`{3,}|~{3,})\s*(nexa|nx)\b[^`]*$/i;
/** Any fence, so the prose buffer skips other code blocks. */
const ANY_FENCE = /^(\s*)(`{3,}|~{3,})/;

/**
 * The Nexa blocks of one Markdown page: `{ line, prose, source }`, where `line` is the 1-based
 * line of the block's first code line, `prose` the last 3 non-blank lines of prose since the
 * previous code block, and `source` the code with the fence's indentation taken off.
 */
export function extractBlocks(text) {
  const blocks = [];
  let prose = [];
  let open = null; // the fence being read: { fence, indent, nexa, line, lines }
  text.split('\n').forEach((raw, index) => {
    const line = raw.replace(/\r$/, '');
    if (open === null) {
      const fence = ANY_FENCE.exec(line);
      if (fence === null) {
        if (line.trim() !== '') prose = [...prose, line.trim()].slice(-3);
        return;
      }
      open = { fence: fence[2], indent: fence[1], nexa: NEXA_FENCE.test(line), line: index + 2, lines: [], prose };
      return;
    }
    const closing = line.trim();
    if (closing.startsWith(open.fence[0].repeat(open.fence.length)) && /^(`+|~+)$/.test(closing)) {
      if (open.nexa) blocks.push({ line: open.line, prose: open.prose, source: normalise(open.lines) });
      // Prose before a block describes that block, not the next one.
      prose = [];
      open = null;
      return;
    }
    open.lines.push(line.startsWith(open.indent) ? line.slice(open.indent.length) : line.trimStart());
  });
  return blocks;
}

/** The block's code without trailing blanks, so blocks that differ only there are identical. */
function normalise(lines) {
  const trimmed = lines.map((l) => l.replace(/\s+$/, ''));
  while (trimmed.length > 0 && trimmed.at(-1) === '') trimmed.pop();
  while (trimmed.length > 0 && trimmed[0] === '') trimmed.shift();
  return `${trimmed.join('\n')}\n`;
}

/**
 * The unique blocks of every docs/**\/*.md page under `docsRoot`, each with the list of its
 * copies `{ file, line, prose }`, in page order; and the total count of blocks.
 */
export function collectBlocks(docsRoot) {
  const pages = markdownPages(join(docsRoot, 'docs'));
  const bySource = new Map();
  let total = 0;
  for (const page of pages) {
    for (const block of extractBlocks(readFileSync(page, 'utf8'))) {
      total += 1;
      const copy = { file: relative(docsRoot, page), line: block.line, prose: block.prose };
      const known = bySource.get(block.source);
      if (known === undefined) bySource.set(block.source, { source: block.source, copies: [copy] });
      else known.copies.push(copy);
    }
  }
  return { total, unique: [...bySource.values()] };
}

function markdownPages(dir, out = []) {
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) markdownPages(path, out);
    else if (name.endsWith('.md')) out.push(path);
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Classification

/** A program the docs present as complete: it declares `flow main`. */
export function isCompleteProgram(source) {
  return /^\s*flow\s+main\b/m.test(source);
}

/** Markers of a wrong example in a `//` comment of the block. */
const WRONG_IN_COMMENT = /\/\/.*(❌|反例|避免|错误[：:]|错误(示例|写法|格式|用法|做法)|\bwrong\b|\bbad\b|\bavoid\b|\bdon'?t\b|\bincorrect\b|\binvalid\b)/i;
/** Markers of a wrong example in the prose before the block. */
const WRONG_IN_PROSE = /❌|反例|错误(示例|写法|格式|用法|做法)|^[\s*#>_:-]*(避免|无效|(avoid|wrong|bad|don'?t|invalid|incorrect)\b)/i;

export function isMarkedWrong(source, proses) {
  return WRONG_IN_COMMENT.test(source) || proses.some((prose) => prose.some((line) => WRONG_IN_PROSE.test(line)));
}

/** Declarations and assignments of every block, for telling a fragment from a gap. */
const DECLARATION = /\b(?:agent|flow|tool|protocol|fn|struct|enum|trait|type|job|db|kv|auth|test|impl|let|const|for)\s+([A-Za-z_]\w*)/g;
/** Top-level declarations only: the names a program's author chose, not the language's. */
const TOP_LEVEL_DECLARATION = /\b(?:agent|flow|tool|protocol|fn|struct|enum|trait|type|job|db|kv|auth|test)\s+([A-Za-z_]\w*)/g;
const ASSIGNMENT = /^\s*([A-Za-z_]\w*)\s*(?::\s*[\w[\]|, ]+)?=(?!=)/gm;
const PARAMETERS = /\b(?:flow|fn)\s+\w+\s*\(([^)]*)\)/g;

/** The names each block declares, assigns or takes as parameters. */
export function declaredNames(source) {
  const names = new Set();
  for (const [, name] of source.matchAll(DECLARATION)) names.add(name);
  for (const [, name] of source.matchAll(ASSIGNMENT)) names.add(name);
  for (const [, list] of source.matchAll(PARAMETERS)) {
    for (const parameter of list.split(',')) {
      const name = /^\s*([A-Za-z_]\w*)/.exec(parameter)?.[1];
      if (name !== undefined) names.add(name);
    }
  }
  return names;
}

/** The names a block gives its agents, flows, protocols, types and other declarations. */
export function authorNames(source) {
  // Comments left out: "// the agent uses …" declares nothing.
  const code = source.replace(/\/\/.*$/gm, '');
  return new Set([...code.matchAll(TOP_LEVEL_DECLARATION)].map(([, name]) => name));
}

/**
 * Names the prose of the docs documents as builtins: `name(` in an inline code span or a table
 * row. Guess: it also picks up flows and agents the prose mentions, which a fragment test
 * before it already explains.
 */
export function documentedBuiltins(markdownTexts) {
  const names = new Set();
  for (const text of markdownTexts) {
    for (const [, code] of text.matchAll(/`([^`\n]+)`/g)) {
      for (const [, name] of code.matchAll(/(?:^|[^.\w])([a-z_]\w*)\s*\(/g)) names.add(name);
    }
  }
  return names;
}

/** The name an E001 message is about: the first one in quotes or backticks. */
export function undeclaredName(message) {
  return /[`'"]([^`'"]+)[`'"]/.exec(message)?.[1];
}

const PLACEHOLDER = /\.\.\.|…|<[a-z_ ]+>/i;

/**
 * Forms Nexa's own grammar (src/nexa_parser.py of the Nexa repository) or its string
 * interpolation (src/ast_transformer.py) rejects, known by Loom's refusal and the line it
 * points at. Each names the production that leaves the form out; checked by reading the grammar,
 * not by running Nexa's parser.
 */
const NEXA_REJECTS = [
  // enum_variant: IDENTIFIER ["(" IDENTIFIER ("," IDENTIFIER)* ")"]
  { note: 'typed enum payload', code: 'E004', message: /enum payload fields are names only/ },
  // enum_decl: "enum" IDENTIFIER "{" ... (no type parameters)
  { note: 'type parameters', code: 'E004', message: /type parameters are not supported/ },
  // dag_fork_expr: base_expr "|>>" identifier_list_as_expr (a list of agents, not a block;
  // Loom reads the block as a dict and stops where its first entry has no key)
  { note: '|>> with a block', code: 'E004', message: /map key/, source: /\|>>\s*\{/ },
  // #{...} holds names, dotted names and [index] only, not expressions such as if/then/else
  { note: 'expression in #{}', code: 'E004', line: /#\{\s*if\b/ },
  // auth_decl: "auth" IDENTIFIER "=" "enable_auth" "(" STRING_LITERAL ")" (no auth { } block)
  { note: 'auth block', code: 'E006', message: /setting of auth .*auth block values are literals/ },
  // db_decl: "db" IDENTIFIER "=" "connect" "(" STRING_LITERAL ")" (no db { } block)
  { note: 'db block', code: 'E006', message: /a db block without/ },
  // use_identifier: IDENTIFIER | IDENTIFIER "." IDENTIFIER (no paths, files or three-part names).
  // A Markdown file is the exception: Nexa's code generator mounts `uses "SKILLS.md"` (the docs'
  // part 4 documents it) and Loom reads it as a skill file, so no refusal of one lands here.
  { note: 'uses of a path or a three-part name', code: 'E006', message: /uses (?!\S*\.md\b)(\S*\/\S*|\S+\.(py|nxs|txt|json)\b|std\.\w+\.\w+)/ },
  // agent_decorator_param: IDENTIFIER "=" (INT | FLOAT)
  { note: 'decorator argument not a number', code: 'E002', message: /has no argument/, line: /@\w+\([^)]*=\s*["'a-z]/ },
];

/**
 * std names the docs use that Nexa's runtime does not have either (none of them is a function of
 * src/runtime/stdlib.py, whose std.concurrent sends with `send`/`recv` and whose std.auth OAuth
 * is `oauth`), and namespaces it has none of. Loom runs the concurrency ones all the same (the
 * docs' examples use them), so only the others are ever refused.
 */
const NEXA_STD_ABSENT = new Set([
  'std.concurrent.ch_send', 'std.concurrent.ch_recv', 'std.concurrent.join_all',
  'std.auth.oauth_github_authorize', 'std.auth.oauth_github_callback',
]);
const NEXA_STD_NAMESPACES_ABSENT = new Set(['hardware']);

/**
 * Agent properties Nexa's code generator (src/code_generator.py, _generate_agents) reads; it
 * drops any other silently. Loom refuses an unknown property instead (a contract rule: nothing
 * written is ignored), so only a refused property in this list is a gap.
 */
const NEXA_AGENT_PROPERTIES = new Set([
  'role', 'prompt', 'model', 'memory', 'stream', 'cache', 'max_history_turns', 'experience', 'timeout', 'retry',
  'max_tokens', 'output_format', 'output_schema', 'max_tool_calls', 'tool_call_strategy', 'context',
]);

/**
 * Refusals Loom keeps by decision (docs/loom/reference.md gives each reason): a contract rule.
 */
const DECIDED_REFUSALS = [
  { note: 'python! (decided)', code: 'E006', message: /python! blocks/ },
  { note: 'tool block without implementation', code: 'E006', message: /uses tool \w+, which has no implementation/ },
  { note: 'skill tool without implementation', code: 'E006', message: /uses skill tool '\w+' .*which the program does not implement/ },
];

/** `rule.line` is tested on the line the error points at, `rule.source` on the whole block. */
function matchesRule(rule, code, message, errorLine, source) {
  return rule.code === code && (rule.message === undefined || rule.message.test(message)) &&
    (rule.line === undefined || rule.line.test(errorLine)) && (rule.source === undefined || rule.source.test(source));
}

/**
 * The class of a refusal by its first error. `context` holds the block's source, the prose
 * before each of its copies, the names other blocks declare (`elsewhere(name)`), and the
 * builtin names the docs document.
 * @returns {{ kind: string, note?: string }}
 */
export function classify(error, { source, proses, declaredElsewhere, builtins }) {
  const { code, message } = error;
  const errorLine = source.split('\n')[error.line - 1] ?? '';
  if (isMarkedWrong(source, proses)) return { kind: 'wrong example' };

  if (/::=/.test(source)) return { kind: 'not Nexa', note: 'grammar production' };
  if (/(^|[^\w"'])f["']/.test(errorLine) || /f-string/i.test(message)) return { kind: 'not Nexa', note: 'f-string' };
  if (/^\s*(import\s|from\s+\S+\s+import\b)/.test(errorLine)) return { kind: 'not Nexa', note: 'import' };
  if (/^\s*#(?![{[])/.test(errorLine)) return { kind: 'not Nexa', note: '# comment' };
  const property = /agents have no property '(\w+)'/.exec(message)?.[1];
  if (property !== undefined && !new RegExp(`\\b${property}\\s*:`).test(errorLine)) {
    return { kind: 'not Nexa', note: 'agent property without a colon' };
  }
  const rejected = NEXA_REJECTS.find((rule) => matchesRule(rule, code, message, errorLine, source));
  if (rejected !== undefined) return { kind: 'not Nexa', note: rejected.note };
  const stdName = code === 'E001' ? undeclaredName(message) ?? '' : '';
  if (NEXA_STD_ABSENT.has(stdName) || NEXA_STD_NAMESPACES_ABSENT.has(/^std\.(\w+)/.exec(stdName)?.[1])) {
    return { kind: 'not Nexa', note: "std name Nexa's runtime lacks" };
  }

  if (code === 'E003' || code === 'E005') return { kind: 'contract rule' };
  const decided = DECIDED_REFUSALS.find((rule) => matchesRule(rule, code, message, errorLine, source));
  if (decided !== undefined) return { kind: 'contract rule', note: decided.note };
  if (property !== undefined && !NEXA_AGENT_PROPERTIES.has(property)) return { kind: 'contract rule', note: 'property Nexa ignores' };
  if (code === 'E002' && /provider|model|"true"|"false"|quoted|boolean/i.test(message)) return { kind: 'contract rule' };

  if ((code === 'E001' || code === 'E002' || code === 'E004') && PLACEHOLDER.test(errorLine)) return { kind: 'fragment', note: 'placeholder' };
  if (code === 'E004' && /end of (file|input)/i.test(message)) return { kind: 'fragment', note: 'ends mid-construct' };
  const unknownType = /unknown type '(\w+)'/.exec(message)?.[1];
  if (code === 'E002' && unknownType !== undefined && declaredElsewhere(unknownType)) return { kind: 'fragment' };
  if (code === 'E001') {
    const name = undeclaredName(message) ?? '';
    if (/\.(nx|nxlib|md|nxs|json|txt)$/.test(name) || /included file|experience file|not found/i.test(message)) {
      return { kind: 'fragment', note: 'missing file' };
    }
    if (name.startsWith('std.') || /\bstd\b|standard library/.test(message)) return { kind: 'Loom gap' };
    const bare = name.replace(/^@/, '').split('.')[0];
    if (declaredElsewhere(bare)) return { kind: 'fragment' };
    if (builtins.has(bare)) return { kind: 'Loom gap', note: 'documented builtin' };
    return { kind: 'fragment', note: 'free name' };
  }

  if (code === 'E006' && /sessions belong to the requests of a server route/.test(message)) return { kind: 'fragment', note: 'handler outside its server' };
  if (code === 'E006' || code === 'E004') return { kind: 'Loom gap' };
  if (code === 'E002' && (property !== undefined || /has no argument/.test(message))) {
    return { kind: 'Loom gap', note: 'documented property or argument' };
  }
  return { kind: 'unclassified' };
}

/**
 * The message with what varies between instances of one refusal taken out, so the same refusal
 * groups together: numbers, and the names the docs' authors chose (`authors`: the agents, flows,
 * auth blocks … some block declares) where the message quotes one or puts it after its kind
 * (`auth MyApp`). The names of constructs, std functions, builtins and properties stay, since
 * they say what Loom refuses: `E006 … the builtin 'input'`.
 */
export function normaliseMessage(code, message, authors = new Set()) {
  const masked = (name) => (authors.has(name) ? '…' : name);
  const text = message
    .replace(/(['"`])([A-Za-z_]\w*)\1/g, (_, quote, name) => `${quote}${masked(name)}${quote}`)
    .replace(/\b(agent|flow|tool|protocol|fn|struct|enum|trait|type|job|db|kv|auth|test) ([A-Za-z_]\w*)/g, (_, kind, name) => `${kind} ${masked(name)}`)
    .replace(/\b\d+\b/g, 'N')
    .replace(/\s+/g, ' ')
    .trim();
  return `${code} ${text}`;
}

// ---------------------------------------------------------------------------------------------
// Running Loom

/** A JavaScript stack frame in stderr: Loom crashed instead of reporting. */
const STACK_FRAME = /^\s+at .+(\(.+:\d+:\d+\)|:\d+:\d+)$/m;
const ERROR_CODE = /\bE[0-9A-C]\d\d\b/;

function loom(args, { cwd, env, limitMs }) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [LOOM, ...args], { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    const timer = setTimeout(() => child.kill('SIGKILL'), limitMs);
    child.on('close', (status, signal) => {
      clearTimeout(timer);
      resolve({ status: signal === null ? status : 'timeout', stdout, stderr });
    });
  });
}

/** Runs `work` over `items`, at most `limit` at a time, keeping the order of the results. */
async function inPool(items, limit, work) {
  const results = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index], index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

async function validate(dir, env) {
  const { status, stdout, stderr } = await loom(['validate', '--json', 'main.nx'], { cwd: dir, env, limitMs: RUN_LIMIT_MS });
  let report = null;
  try {
    report = JSON.parse(stdout);
  } catch {
    // not a report: counted as an internal error below
  }
  const internal = STACK_FRAME.test(stderr) || (status !== 0 && status !== 2 && status !== 'timeout') || report === null;
  return { status, errors: report?.errors ?? [], internal, stderr: internal ? stderr.slice(0, 2000) : '' };
}

async function run(dir, env) {
  const { status, stderr } = await loom(['run', 'main.nx'], { cwd: dir, env, limitMs: RUN_LIMIT_MS });
  const internal = STACK_FRAME.test(stderr) || (status !== 0 && status !== 'timeout' && !ERROR_CODE.test(stderr));
  // The error's first line (`DatabaseError: no such table …`) with its code (`= code E402`).
  const lines = stderr.split('\n');
  const first = lines.find((line) => /^[A-Z][A-Za-z]*(Error|Violation|Warning)\b/.test(line)) ?? lines.find((line) => line.trim() !== '') ?? '';
  const headline = `${first.trim()}${ERROR_CODE.test(first) ? '' : ` [${ERROR_CODE.exec(stderr)?.[0] ?? 'no code'}]`}`;
  return { status, headline, internal, stderr: internal ? stderr.slice(0, 2000) : '' };
}


// ---------------------------------------------------------------------------------------------
// The measurement

/**
 * The classifier of the unique blocks of a docs checkout: `(firstError, blockIndex)` to
 * `{ kind, note? }`, with the names every block declares and the builtins the prose documents.
 */
export function classifier(docsRoot, unique) {
  // A name counts as declared elsewhere when a block other than the refused one declares it.
  const declarers = new Map();
  unique.forEach((block, index) => {
    for (const name of declaredNames(block.source)) declarers.set(name, [...(declarers.get(name) ?? []), index]);
  });
  const builtins = documentedBuiltins(markdownPages(join(docsRoot, 'docs')).map((page) => readFileSync(page, 'utf8')));
  return (error, index) => classify(error, {
    source: unique[index].source,
    proses: unique[index].copies.map((copy) => copy.prose),
    declaredElsewhere: (name) => (declarers.get(name) ?? []).some((other) => other !== index),
    builtins,
  });
}

const percent = (part, whole) => (whole === 0 ? 0 : Math.round((1000 * part) / whole) / 10);

async function measure(docsRoot, { keep }) {
  const { total, unique } = collectBlocks(docsRoot);
  const work = mkdtempSync(join(tmpdir(), 'nexa-docs-'));
  const { server, env } = await startFakeProviders(work);
  try {
    const classifyRefusal = classifier(docsRoot, unique);
    const blocks = unique.map((block, index) => {
      const dir = join(work, `block-${String(index + 1).padStart(4, '0')}`);
      mkdirSync(dir);
      writeFileSync(join(dir, 'main.nx'), block.source);
      return { ...block, id: index + 1, dir, complete: isCompleteProgram(block.source) };
    });
    const map = Object.fromEntries(blocks.map((b) => [relative(work, b.dir), b.copies.map((c) => `${c.file}:${c.line}`)]));
    writeFileSync(join(work, 'map.json'), `${JSON.stringify(map, null, 2)}\n`);

    await inPool(blocks, PARALLEL, async (block) => {
      block.validation = await validate(block.dir, env);
      if (block.complete && block.validation.status === 0) block.run = await run(block.dir, env);
    });

    for (const [index, block] of blocks.entries()) {
      const first = block.validation.errors[0];
      if (first !== undefined) block.refusal = { code: first.code, message: first.message, line: first.line, ...classifyRefusal(first, index) };
    }
    return summarise(total, blocks);
  } finally {
    await server.close();
    if (keep) console.error(`nexa-docs: blocks kept in ${work}`);
    else rmSync(work, { recursive: true, force: true });
  }
}

function summarise(total, blocks) {
  const refused = blocks.filter((b) => b.refusal !== undefined);
  const parses = blocks.filter((b) => !b.validation.errors.some((e) => e.code === 'E004'));
  const validates = blocks.filter((b) => b.validation.status === 0);
  const complete = blocks.filter((b) => b.complete);
  const completeValid = complete.filter((b) => b.validation.status === 0);
  const completeRuns = complete.filter((b) => b.run?.status === 0);
  const classes = Object.fromEntries(CLASSES.map((kind) => [kind, refused.filter((b) => b.refusal.kind === kind).length]));
  // The rule within a class that matched, where the class has several: "fragment / free name".
  const notes = {};
  for (const { refusal } of refused.filter((b) => b.refusal.note !== undefined)) {
    const key = `${refusal.kind} / ${refusal.note}`;
    notes[key] = (notes[key] ?? 0) + 1;
  }

  const authors = new Set(blocks.flatMap((b) => [...authorNames(b.source)]));
  const gapMessages = new Map();
  for (const block of refused.filter((b) => b.refusal.kind === 'Loom gap')) {
    const key = normaliseMessage(block.refusal.code, block.refusal.message, authors);
    gapMessages.set(key, (gapMessages.get(key) ?? 0) + 1);
  }
  const topGaps = [...gapMessages.entries()]
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .slice(0, 15)
    .map(([message, count]) => ({ message, count }));

  const where = (b) => b.copies.map((c) => `${c.file}:${c.line}`);
  const internalErrors = [
    ...blocks.filter((b) => b.validation.internal).map((b) => ({ command: 'validate', block: b.id, where: where(b), stderr: b.validation.stderr })),
    ...blocks.filter((b) => b.run?.internal).map((b) => ({ command: 'run', block: b.id, where: where(b), stderr: b.run.stderr })),
  ];
  return {
    blocks: { total, unique: blocks.length },
    parsePercent: percent(parses.length, blocks.length),
    validatePercent: percent(validates.length, blocks.length),
    completePrograms: {
      count: complete.length,
      validate: completeValid.length,
      validatePercent: percent(completeValid.length, complete.length),
      run: completeRuns.length,
      runPercent: percent(completeRuns.length, complete.length),
      timeouts: complete.filter((b) => b.run?.status === 'timeout').length,
      runFailures: complete.filter((b) => b.run !== undefined && b.run.status !== 0 && b.run.status !== 'timeout')
        .map((b) => ({ block: b.id, where: where(b), status: b.run.status, headline: b.run.headline })),
    },
    refusals: { count: refused.length, classes, notes },
    topLoomGaps: topGaps,
    internalErrors: { count: internalErrors.length, cases: internalErrors },
    // `at`: the page line the first error points at, in the block's first copy.
    details: refused.map((b) => ({
      block: b.id, where: where(b), at: `${b.copies[0].file}:${b.copies[0].line + b.refusal.line - 1}`, ...b.refusal,
    })),
  };
}

function printTable(report) {
  const rows = [
    ['Nexa blocks (total / unique)', `${report.blocks.total} / ${report.blocks.unique}`],
    ['Parse (no E004), as written', `${report.parsePercent} %`],
    ['Validate, as written', `${report.validatePercent} %`],
    ['Complete programs (flow main)', `${report.completePrograms.count}`],
    ['  validate', `${report.completePrograms.validate} (${report.completePrograms.validatePercent} %)`],
    ['  run (exit 0)', `${report.completePrograms.run} (${report.completePrograms.runPercent} %)`],
    ['  run timeouts (20 s)', `${report.completePrograms.timeouts}`],
    ['Refused blocks', `${report.refusals.count}`],
    ...CLASSES.flatMap((kind) => [
      [`  ${kind}`, `${report.refusals.classes[kind]}`],
      ...Object.entries(report.refusals.notes)
        .filter(([key]) => key.startsWith(`${kind} / `))
        .map(([key, count]) => [`    of which ${key.slice(kind.length + 3)}`, `${count}`]),
    ]),
    ['Internal errors', `${report.internalErrors.count}`],
  ];
  console.log('| Measure | Value |\n|---|---|');
  for (const [label, value] of rows) console.log(`| ${label} | ${value} |`);
  console.log('\nTop Loom-gap refusals (first error, normalised):\n\n| Count | Message |\n|---|---|');
  for (const { message, count } of report.topLoomGaps) console.log(`| ${count} | ${message.replace(/\|/g, '\\|')} |`);
  if (report.completePrograms.runFailures.length > 0) {
    console.log('\nComplete programs that validate but do not run:');
    for (const f of report.completePrograms.runFailures) console.log(`  ${f.where[0]}\t${f.status}\t${f.headline}`);
  }
  for (const c of report.internalErrors.cases) console.log(`\nInternal error (${c.command}) at ${c.where[0]}:\n${c.stderr}`);
}

// Run only when invoked as a script, so the test can import the extractor and the classifier.
if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const [docsRoot, ...flags] = process.argv.slice(2);
  if (docsRoot === undefined) {
    console.error('usage: node --import tsx scripts/nexa-docs.mjs PATH/TO/Nexa-docs [--json] [--keep]');
    process.exit(64);
  }
  const report = await measure(docsRoot, { keep: flags.includes('--keep') });
  if (flags.includes('--json')) console.log(JSON.stringify(report, null, 2));
  else printTable(report);
}
