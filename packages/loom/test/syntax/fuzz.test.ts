/**
 * Fuzzing with a fixed seed: random byte strings and token-level mutations of the fixture
 * programs (delete, duplicate, swap), plus every single-token deletion of every fixture. The
 * parser must never throw, must terminate, must keep every span and diagnostic inside the
 * source, and must answer one missing token with one or two errors rather than a cascade.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { tokenize } from '../../src/syntax/lexer.js';
import { parse } from '../../src/syntax/parser.js';
import { assertSpansWellFormed, forEachNode } from './helpers.js';

const SEED = 0x10c0_2026;
const RANDOM_SOURCE_CASES = 1500;
const MUTATION_CASES = 2500;
const RANDOM_SOURCE_MAX_CHARS = 200;
const MUTATIONS_PER_CASE_MAX = 4;
const FUZZ_TIMEOUT_MS = 20_000;
/** Share of single-token deletions that must yield at most two diagnostics (no cascades). */
const FEW_ERRORS_SHARE_MIN = 0.95;
const FEW_ERRORS_MAX = 2;
/** No single deleted token may set off more diagnostics than this. */
const ERRORS_PER_DELETION_MAX = 5;

/** mulberry32: a tiny deterministic PRNG, so a failing case can be replayed from its index. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}

/** Characters weighted towards the ones that drive the grammar. */
const ALPHABET = [...'{}()[]<>:;,.=+-*/%!?|&@#"\'\\ \n\t_abcxyz019', '"""', '#{', '|>>', '&>>', '::', '=>', '->',
  'agent ', 'flow ', 'match ', 'if ', 'else ', 'for each ', 'loop ', 'until ', 'r"', 'template"""', 'é', '翻', '═', '\u0000'];

function randomSource(random: () => number): string {
  const length = Math.floor(random() * RANDOM_SOURCE_MAX_CHARS);
  let out = '';
  for (let i = 0; i < length; i++) out += ALPHABET[Math.floor(random() * ALPHABET.length)];
  return out;
}

/** Re-joins a program's tokens after deleting, duplicating or swapping some of them. */
function mutate(source: string, random: () => number): string {
  const pieces = tokenize(source, 'fuzz.nx').tokens
    .filter((token) => token.kind !== 'eof')
    .map((token) => (token.newlineBefore ? `\n${token.text}` : token.text));
  const mutations = 1 + Math.floor(random() * MUTATIONS_PER_CASE_MAX);
  for (let m = 0; m < mutations && pieces.length > 1; m++) {
    const at = Math.floor(random() * pieces.length);
    const other = Math.floor(random() * pieces.length);
    const choice = random();
    if (choice < 0.4) pieces.splice(at, 1);
    else if (choice < 0.7) pieces.splice(at, 0, pieces[other] as string);
    else [pieces[at], pieces[other]] = [pieces[other] as string, pieces[at] as string];
  }
  return pieces.join(' ');
}

function assertParsesSafely(source: string, label: string): void {
  let result;
  try {
    result = parse(source, 'fuzz.nx');
  } catch (error) {
    assert.fail(`${label} threw ${String(error)} for ${JSON.stringify(source)}`);
  }
  assert.equal(result.program.kind, 'Program');
  for (const diagnostic of result.diagnostics) {
    assert.equal(diagnostic.code, 'E004');
    assert.ok(diagnostic.span.start.offset <= diagnostic.span.end.offset && diagnostic.span.end.offset <= source.length,
      `${label}: diagnostic outside the source`);
  }
  assertSpansWellFormed(result.program, source);
  let errorNodes = 0;
  forEachNode(result.program, (node) => {
    if (node.kind === 'Error') errorNodes++;
  });
  if (errorNodes > 0) assert.ok(result.diagnostics.length > 0, `${label}: an Error node without a diagnostic`);
}

function fixturePrograms(): string[] {
  const fixtures = new URL('../fixtures/syntax/', import.meta.url);
  return readdirSync(fixtures).filter((f) => f.endsWith('.nx')).sort().map((f) => readFileSync(new URL(f, fixtures), 'utf8'));
}

describe('parser fuzzing', () => {
  it('survives random character soup', { timeout: FUZZ_TIMEOUT_MS }, () => {
    const random = seededRandom(SEED);
    for (let i = 0; i < RANDOM_SOURCE_CASES; i++) assertParsesSafely(randomSource(random), `random case ${i}`);
  });

  it('survives token deletions, duplications and swaps in valid programs', { timeout: FUZZ_TIMEOUT_MS }, () => {
    const programs = fixturePrograms();
    const random = seededRandom(SEED + 1);
    for (let i = 0; i < MUTATION_CASES; i++) {
      const program = programs[i % programs.length] as string;
      assertParsesSafely(mutate(program, random), `mutation case ${i}`);
    }
  });

  it('answers every single-token deletion in the fixtures with one or two errors, not a cascade', { timeout: FUZZ_TIMEOUT_MS }, () => {
    let deletions = 0;
    let fewErrors = 0;
    for (const program of fixturePrograms()) {
      for (const token of tokenize(program, 'fuzz.nx').tokens) {
        if (token.kind === 'eof') continue;
        const source = program.slice(0, token.span.start.offset) + program.slice(token.span.end.offset);
        const { diagnostics } = parse(source, 'fuzz.nx');
        deletions++;
        if (diagnostics.length <= FEW_ERRORS_MAX) fewErrors++;
        assert.ok(diagnostics.length <= ERRORS_PER_DELETION_MAX,
          `deleting ${JSON.stringify(token.text)} at ${token.span.start.line}:${token.span.start.column} gave ${diagnostics.length} errors`);
      }
    }
    assert.ok(fewErrors / deletions >= FEW_ERRORS_SHARE_MIN, `only ${fewErrors} of ${deletions} deletions stayed at ≤ ${FEW_ERRORS_MAX} errors`);
  });
});
