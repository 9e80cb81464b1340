/**
 * Which names a piece of syntax binds. The checker's scopes and the emitter's destructuring
 * both read these, so the two can never disagree about what a pattern or a body declares.
 */
import type { Identifier, Node, Pattern, StringLiteral } from './ast.js';
import { walk } from './walk.js';

/**
 * The nodes naming the values `pattern` binds, in the order the runtime's matcher appends
 * them (runtime match). A map pattern's shorthand entry may be keyed by a string literal.
 */
export function patternBindings(pattern: Pattern): (Identifier | StringLiteral)[] {
  switch (pattern.kind) {
    case 'BindingPattern':
      return [pattern.name];
    case 'TuplePattern':
      return pattern.elements.flatMap(patternBindings);
    case 'ArrayPattern':
      return [...pattern.elements.flatMap(patternBindings), ...(pattern.rest === null ? [] : [pattern.rest])];
    case 'MapPattern':
      return [
        ...pattern.entries.flatMap((entry) => (entry.value !== null ? patternBindings(entry.value) : [entry.key])),
        ...(pattern.rest === null ? [] : [pattern.rest]),
      ];
    case 'VariantPattern':
      return (pattern.fields ?? []).flatMap(patternBindings);
    case 'WildcardPattern':
    case 'LiteralPattern':
    case 'IntentPattern':
    case 'Error':
      return [];
  }
}

/** The names `pattern` binds, as `patternBindings` orders them. */
export function patternBindingNames(pattern: Pattern): string[] {
  return patternBindings(pattern).map((node) => (node.kind === 'Identifier' ? node.name : node.value));
}

/**
 * Calls `bind` for every name the body binds by assignment, `let`, `for` or `catch` (a
 * function scope, as in Python), without entering closures (scopes of their own) or match
 * arm patterns (arm scopes). Compound assignments (`x += 1`) bind nothing.
 */
export function forEachBodyBinding(body: Node, bind: (name: Identifier) => void): void {
  const bindPattern = (pattern: Pattern) => {
    for (const node of patternBindings(pattern)) if (node.kind === 'Identifier') bind(node);
  };
  walk(body, (node) => {
    switch (node.kind) {
      case 'FunctionExpression':
        return false;
      case 'AssignmentStatement':
        if (node.target.kind === 'Identifier') {
          if (node.operator === '=') bind(node.target);
        } else if (node.target.kind !== 'MemberExpression' && node.target.kind !== 'IndexExpression') {
          bindPattern(node.target);
        }
        return true;
      case 'LetStatement':
      case 'ForStatement':
        bindPattern(node.pattern);
        return true;
      case 'CatchClause':
        if (node.parameter) bind(node.parameter.name);
        return true;
      default:
        return true;
    }
  });
}
