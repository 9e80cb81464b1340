/**
 * The Loom parser: a hand-written recursive-descent parser over the lexer's tokens.
 *
 * `parse` never throws on bad input. It always returns a Program; source it could not read
 * becomes `Error` nodes, each covered by an E004 diagnostic, and parsing resumes at the next
 * statement or declaration so one mistake yields one message.
 */
import type { Diagnostic } from '../diagnostic.js';
import type { Program, TopLevelItem } from './ast.js';
import { tokenize } from './lexer.js';
import { Cursor } from './parser/cursor.js';
import { startsDeclaration } from './parser/declaration-starts.js';
import { parseDeclaration } from './parser/declarations.js';
import { parseStatement } from './parser/statements.js';
import { describeToken } from './tokens.js';

export interface ParseResult {
  readonly program: Program;
  readonly diagnostics: Diagnostic[];
}

export function parse(source: string, file: string): ParseResult {
  const { tokens, diagnostics } = tokenize(source, file);
  const p = new Cursor(tokens, diagnostics);
  const first = p.current;
  const items: TopLevelItem[] = [];
  while (!p.atEnd) {
    if (p.eat(';')) continue;
    const before = p.mark;
    p.recover();
    if (p.at('}') || p.at(')') || p.at(']')) {
      p.errorAtCurrent(`Unexpected ${describeToken(p.current)}: there is no open block to close here`);
      p.advance();
      continue;
    }
    items.push(parseTopLevelItem(p));
    if (!p.hasAdvancedSince(before)) p.skipTokenOrGroup();
  }
  const span = { file, start: first.span.start, end: p.current.span.end };
  diagnostics.sort((a, b) => a.span.start.offset - b.span.start.offset);
  return { program: { kind: 'Program', items, span }, diagnostics };
}

function parseTopLevelItem(p: Cursor): TopLevelItem {
  if (startsDeclaration(p)) {
    const errorsBefore = p.diagnostics.length;
    const declaration = parseDeclaration(p);
    p.eat(';');
    if (p.diagnostics.length > errorsBefore && !p.atLineStart) p.skipToDeclaration(() => startsDeclaration(p));
    return declaration;
  }
  const statement = parseStatement(p);
  if (!p.eat(';') && !p.atLineStart) {
    p.errorAtCurrent(`Expected ';' or a line break after the statement, found ${describeToken(p.current)}`);
    p.skipToDeclaration(() => startsDeclaration(p));
  }
  return statement;
}
