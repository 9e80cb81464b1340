/**
 * Protocol declarations. Field types are written as quoted strings (`score: "int"`) — the
 * contract's rule and the Nexa index's example of E002 — so a bare type (`score: int`) is a
 * type mismatch whose hint shows the quoted form. Unknown names inside the strings are
 * reported by type resolution; a field named twice is a duplicate declaration (E005).
 */
import { diagnostic } from '../diagnostic.js';
import type { Diagnostic } from '../diagnostic.js';
import type { ProtocolDeclaration, TypeExpression } from '../syntax/ast.js';
import { duplicateMembers } from './members.js';

export function checkProtocol(protocol: ProtocolDeclaration): Diagnostic[] {
  const diagnostics = duplicateMembers(protocol.fields, 'field', `protocol '${protocol.name.name}'`);
  for (const field of protocol.fields) {
    if (field.type.kind === 'StringType' || field.type.kind === 'Error') continue;
    const written = writeType(field.type);
    diagnostics.push(diagnostic('E002', field.type.span, `protocol field types are quoted strings, found bare type '${written}'`, {
      hint: `write ${field.name.name}: "${written}"`,
    }));
  }
  return diagnostics;
}

/** A type expression as source text, to show the quoted form the user should write. */
function writeType(type: TypeExpression): string {
  switch (type.kind) {
    case 'NamedType':
      return type.arguments.length === 0 ? type.name.name : `${type.name.name}[${type.arguments.map(writeType).join(', ')}]`;
    case 'UnionType':
      return type.members.map(writeType).join(' | ');
    case 'OptionalType':
      return `${writeType(type.inner)}?`;
    case 'StringType':
      return type.text;
    case 'Error':
      return '';
  }
}
