/**
 * Patterns become descriptors the runtime matcher reads (core/match.ts of the runtime),
 * written as object literals. The names a pattern binds are listed in the order the matcher
 * yields their values.
 */
import type { Pattern } from '../syntax/ast.js';
import { quote } from './code.js';
import { numberLiteralValue } from '../syntax/number-literal.js';

export function patternDescriptor(pattern: Pattern): string {
  switch (pattern.kind) {
    case 'WildcardPattern':
    case 'IntentPattern':
    case 'Error':
      return '{ wildcard: true }';
    case 'BindingPattern':
      return `{ bind: ${quote(pattern.name.name)} }`;
    case 'LiteralPattern': {
      const literal = pattern.value;
      const value =
        literal.kind === 'NullLiteral' ? 'null' : literal.kind === 'StringLiteral' ? quote(literal.value) : literal.kind === 'NumberLiteral' ? String(numberLiteralValue(literal)) : String(literal.value);
      return `{ literal: ${value} }`;
    }
    case 'TuplePattern':
      return `{ tuple: [${pattern.elements.map(patternDescriptor).join(', ')}] }`;
    case 'ArrayPattern':
      return `{ array: [${pattern.elements.map(patternDescriptor).join(', ')}], rest: ${pattern.rest !== null} }`;
    case 'MapPattern': {
      const entries = pattern.entries.map((entry) => {
        const key = entry.key.kind === 'Identifier' ? entry.key.name : entry.key.value;
        return `[${quote(key)}, ${entry.value === null ? 'null' : patternDescriptor(entry.value)}]`;
      });
      return `{ map: [${entries.join(', ')}], rest: ${pattern.rest !== null} }`;
    }
    case 'VariantPattern': {
      const fields = pattern.fields === null ? 'null' : `[${pattern.fields.map(patternDescriptor).join(', ')}]`;
      return `{ variant: ${quote(pattern.variant.name)}, enumName: ${pattern.enumName === null ? 'null' : quote(pattern.enumName.name)}, fields: ${fields} }`;
    }
  }
}
