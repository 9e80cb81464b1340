import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { test } from 'node:test';
import { check } from '../../src/check/checker.js';
import { lint } from '../../src/check/lint.js';
import type { Program } from '../../src/syntax/ast.js';
import { parse } from '../../src/syntax/parser.js';

const SHOWCASE = readFileSync(fileURLToPath(new URL('../fixtures/check/valid/showcase.nx', import.meta.url)), 'utf8');
const MUTATED_PROGRAMS = 300;
const MAX_EDITS_PER_PROGRAM = 4;
const MAX_EDIT_LENGTH = 20;
const SEED = 20261122;
const STRUCTURAL_CHARACTERS = '}{)(:,"@[]';

/** A small deterministic generator (a linear congruential one), so failures reproduce. */
function randomSource(seed: number): (below: number) => number {
  let state = seed;
  return (below) => {
    state = (state * 1103515245 + 12345) & 0x7fffffff;
    return state % below;
  };
}

function mutate(source: string, random: (below: number) => number): string {
  let text = source;
  const edits = 1 + random(MAX_EDITS_PER_PROGRAM);
  for (let edit = 0; edit < edits; edit += 1) {
    const at = random(text.length + 1);
    switch (random(3)) {
      case 0:
        text = text.slice(0, at) + text.slice(at + random(MAX_EDIT_LENGTH));
        break;
      case 1: {
        const from = random(text.length);
        text = text.slice(0, at) + text.slice(from, from + random(MAX_EDIT_LENGTH)) + text.slice(at);
        break;
      }
      default:
        text = text.slice(0, at) + STRUCTURAL_CHARACTERS.charAt(random(STRUCTURAL_CHARACTERS.length)) + text.slice(at);
    }
  }
  return text;
}

/** The parser's result, or null where the parser itself fails (its own fuzz tests cover that). */
function parsed(source: string): Program | null {
  try {
    return parse(source, 'mutant.nx').program;
  } catch {
    return null;
  }
}

test('check and lint never throw on what the parser recovers from broken programs', () => {
  const random = randomSource(SEED);
  for (let index = 0; index < MUTATED_PROGRAMS; index += 1) {
    const source = mutate(SHOWCASE, random);
    const program = parsed(source);
    if (!program) continue;
    assert.doesNotThrow(() => {
      check(program, { readFile: () => undefined });
      lint(program, { readFile: () => undefined, warnUntyped: true });
    }, `mutant ${index}:\n${source}`);
  }
});
