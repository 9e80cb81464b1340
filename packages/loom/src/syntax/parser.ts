/**
 * The Loom parser: a hand-written recursive-descent parser over the lexer's tokens.
 *
 * `parse` never throws on bad input. It always returns a Program; source it could not read
 * becomes `Error` nodes, each covered by an E004 diagnostic, and parsing resumes at the next
 * statement or declaration so one mistake yields one message.
 */
import type { Diagnostic } from '../diagnostic.js';
import type { Program, TopLevelItem } from './ast.js';
import { TokenStream } from './lexer.js';
import { SourceSpan } from './spans.js';
import { Cursor } from './parser/cursor.js';
import { declarationAt, startsDeclarationOrDecorator } from './parser/declaration-starts.js';
import { atDecoratedDeclaration, parseDeclaration } from './parser/declarations.js';
import { misspelledDeclarationKeyword } from './parser/keyword-typos.js';
import { parseDecorators } from './parser/signatures.js';
import { parseStatement } from './parser/statements.js';
import { describeToken } from './tokens.js';

export interface ParseResult {
  readonly program: Program;
  readonly diagnostics: Diagnostic[];
}

export function parse(source: string, file: string): ParseResult {
  const stream = new TokenStream(source, file);
  const diagnostics = stream.diagnostics;
  const p = new Cursor(stream, diagnostics, stream.errorLines);
  const items: TopLevelItem[] = [];
  while (!p.atEnd) {
    if (p.eat(';')) continue;
    const before = p.mark;
    p.recover();
    if (p.at('}') || p.at(')') || p.at(']')) {
      p.errorAtCurrent(`unexpected ${describeToken(p.current)}: there is no open block to close here`);
      p.advance();
      continue;
    }
    items.push(parseTopLevelItem(p));
    if (!p.hasAdvancedSince(before)) p.skipTokenOrGroup();
  }
  // The program covers the whole file, leading comments included.
  const end = p.current.span;
  const span = new SourceSpan(end.source, 0, end.endOffset);
  diagnostics.sort((a, b) => a.span.start.offset - b.span.start.offset);
  return { program: { kind: 'Program', items, span }, diagnostics };
}

function parseTopLevelItem(p: Cursor): TopLevelItem {
  const start = p.current;
  const decorators = parseDecorators(p);
  if (decorators.length > 0 && !atDecoratedDeclaration(p)) {
    p.errorAtCurrent(`expected 'agent', 'fn' or 'flow' after the decorator, found ${describeToken(p.current)}`);
    p.recover();
  }
  let keyword = declarationAt(p);
  if (keyword === null) {
    keyword = misspelledDeclarationKeyword(p);
    if (keyword !== null) {
      // Report the typo, then read the declaration that was meant so its body is still checked.
      p.errorAtCurrent(`unknown declaration '${p.current.text}': did you mean '${keyword}'?`);
      p.recover();
    }
  }
  if (keyword !== null) {
    const errorsBefore = p.diagnostics.length;
    const declaration = parseDeclaration(p, start, decorators, keyword);
    p.eat(';');
    if (p.diagnostics.length > errorsBefore && !p.atLineStart) p.skipToDeclaration(() => startsDeclarationOrDecorator(p));
    return declaration;
  }
  const statement = parseStatement(p);
  if (!p.eat(';') && !p.atLineStart) {
    p.errorAtCurrent(`expected ';' or a line break after the statement, found ${describeToken(p.current)}`);
    p.skipToDeclaration(() => startsDeclarationOrDecorator(p));
  }
  return statement;
}
