/**
 * Protocol declarations. A field's type may be written as a quoted string (`score: "int"`, the
 * form of the Nexa error index) or bare (`score: int`, the form reference §2.3 documents since
 * v1.3.1); both mean the same type, and an unknown name in either is a type mismatch (E002)
 * reported by type resolution. A field named twice is a duplicate declaration (E005).
 */
import type { Diagnostic } from '../diagnostic.js';
import type { ProtocolDeclaration } from '../syntax/ast.js';
import { duplicateMembers } from './members.js';

export function checkProtocol(protocol: ProtocolDeclaration): Diagnostic[] {
  return duplicateMembers(protocol.fields, 'field', `protocol '${protocol.name.name}'`);
}
