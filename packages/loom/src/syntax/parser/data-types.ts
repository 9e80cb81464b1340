/** Data declarations: protocol, type alias, struct, enum, trait and impl. */
import type {
  Declaration, EnumVariant, FunctionDeclaration, Identifier, ProtocolField, StructField, TypeExpression,
} from '../ast.js';
import { describeToken, shortened } from '../tokens.js';
import { parseBraceBody } from './bodies.js';
import type { Cursor } from './cursor.js';
import { parseFunction } from './declarations.js';
import { parseIdentifier } from './names.js';
import { parseDecorators } from './signatures.js';
import { parsePlainString } from './strings.js';
import { parseType } from './types.js';

export function parseProtocol(p: Cursor): Declaration {
  const start = p.advance();
  const name = parseIdentifier(p, "a protocol name after 'protocol'");
  const fields = parseBraceBody(p, 'protocol body', (): ProtocolField => {
    const fieldStart = p.current;
    const fieldName = parseIdentifier(p, 'a field name');
    p.expect(':', `after the protocol field '${shortened(fieldName.name)}'`);
    const type = parseFieldType(p, fieldName);
    return { kind: 'ProtocolField', name: fieldName, type, span: p.spanFrom(fieldStart) };
  });
  return { kind: 'ProtocolDeclaration', name, fields, span: p.spanFrom(start) };
}

/** `enum Option[T]` / `struct Box<T>`: generics are not part of Loom; reported, then skipped. */
function rejectTypeParameters(p: Cursor, name: Identifier): void {
  if (!p.at('[') && !p.at('<')) return;
  const closer = p.at('[') ? ']' : '>';
  const opener = closer === ']' ? '[' : '<';
  p.errorAtCurrent(`type parameters are not supported: declare '${shortened(name.name)}' without '${opener}...${closer}'`);
  while (!p.atEnd && !p.at('{') && !p.eat(closer)) p.advance();
}

/** The type after `field:`; one on the next line would be the next field's name. */
function parseFieldType(p: Cursor, field: Identifier): TypeExpression {
  if (p.atLineStart) {
    const found = describeToken(p.current);
    p.errorAtCurrent(`expected the type of field '${shortened(field.name)}' on the same line, found ${found}`);
    return { kind: 'Error', span: field.span };
  }
  return parseType(p);
}

export function parseTypeAlias(p: Cursor): Declaration {
  const start = p.advance();
  const name = parseIdentifier(p, "a type name after 'type'");
  p.expect('=', 'after the type name');
  const type = parseType(p);
  const constraint = p.eat('@') ? parsePlainString(p, "the semantic constraint after '@'") : null;
  return { kind: 'TypeAliasDeclaration', name, type, constraint, span: p.spanFrom(start) };
}

export function parseStruct(p: Cursor): Declaration {
  const start = p.advance();
  const name = parseIdentifier(p, "a struct name after 'struct'");
  rejectTypeParameters(p, name);
  const fields = parseBraceBody(p, 'struct body', (): StructField => {
    const fieldStart = p.current;
    const fieldName = parseIdentifier(p, 'a field name');
    const type = p.eat(':') ? parseFieldType(p, fieldName) : null;
    return { kind: 'StructField', name: fieldName, type, span: p.spanFrom(fieldStart) };
  });
  return { kind: 'StructDeclaration', name, fields, span: p.spanFrom(start) };
}

export function parseEnum(p: Cursor): Declaration {
  const start = p.advance();
  const name = parseIdentifier(p, "an enum name after 'enum'");
  rejectTypeParameters(p, name);
  const variants = parseBraceBody(p, 'enum body', (): EnumVariant => {
    const variantStart = p.current;
    const variantName = parseIdentifier(p, 'a variant name');
    let fields: Identifier[] | null = null;
    if (p.eat('(')) {
      fields = [];
      while (!p.at(')') && !p.atEnd) {
        fields.push(parseIdentifier(p, 'a payload field name'));
        if (p.at(':')) {
          // Reported, then read past, so the rest of the enum still parses.
          p.errorAtCurrent('enum payload fields are names only, as in Some(value): they take no type');
          p.advance();
          parseType(p);
        }
        if (!p.eat(',')) break;
      }
      p.expect(')', `to close the payload of variant '${shortened(variantName.name)}'`);
    }
    return { kind: 'EnumVariant', name: variantName, fields, span: p.spanFrom(variantStart) };
  });
  return { kind: 'EnumDeclaration', name, variants, span: p.spanFrom(start) };
}

function parseMethods(p: Cursor, purpose: string, bodyRequired: boolean): FunctionDeclaration[] {
  return parseBraceBody(p, purpose, () => {
    const start = p.current;
    const decorators = parseDecorators(p);
    return parseFunction(p, start, decorators, bodyRequired);
  });
}

export function parseTrait(p: Cursor): Declaration {
  const start = p.advance();
  const name = parseIdentifier(p, "a trait name after 'trait'");
  rejectTypeParameters(p, name);
  const methods = parseMethods(p, 'trait body', false);
  return { kind: 'TraitDeclaration', name, methods, span: p.spanFrom(start) };
}

export function parseImpl(p: Cursor): Declaration {
  const start = p.advance();
  const trait = parseIdentifier(p, "a trait name after 'impl'");
  if (!p.eatWord('for')) p.errorAtCurrent(`expected 'for' after the trait name, found ${describeToken(p.current)}`);
  const target = parseIdentifier(p, "a type name after 'for'");
  const methods = parseMethods(p, 'impl body', true);
  return { kind: 'ImplDeclaration', trait, target, methods, span: p.spanFrom(start) };
}
