/**
 * Resource declarations written as blocks, which Loom runs only in their literal forms: a
 * `kv NAME { path: "..." }` / `db NAME { url: "..." }` block must say where the resource lives
 * as a string, and the values of an `auth NAME { ... }` block must be literals (strings,
 * numbers, booleans, null, lists of them), since the checker resolves no names inside blocks.
 * Anything else is E006 at the declaration or setting.
 */
import { diagnostic } from '../diagnostic.js';
import type { Diagnostic } from '../diagnostic.js';
import { RESOURCE_LOCATION_PROPERTIES } from '../language/resource-settings.js';
import type { Expression, ResourceDeclaration } from '../syntax/ast.js';

export function resourceBlockProblems(declaration: ResourceDeclaration): Diagnostic[] {
  const { resource, name } = declaration;
  if (declaration.init !== null) return [];
  if (resource === 'auth') {
    const setting = (declaration.properties ?? []).find((property) => property.value.kind === 'PropertyBlock' || !isLiteralSetting(property.value));
    return setting === undefined
      ? []
      : [diagnostic('E006', setting.name.span, `the '${setting.name.name}' setting of auth ${name.name} (auth block values are literals)`)];
  }
  const locations = RESOURCE_LOCATION_PROPERTIES[resource];
  const location = (declaration.properties ?? []).find((property) => locations.includes(property.name.name));
  if (location !== undefined && location.value.kind === 'StringLiteral') return [];
  const written = locations.map((property) => `'${property}:'`).join(' or ');
  return [diagnostic('E006', name.span, `a ${resource} block without a string ${written} (${resource} ${name.name})`)];
}

/** A string, a number without a unit, a boolean, null, or a list of them. */
function isLiteralSetting(expression: Expression): boolean {
  switch (expression.kind) {
    case 'StringLiteral':
    case 'BooleanLiteral':
    case 'NullLiteral':
      return true;
    case 'NumberLiteral':
      return expression.unit === null;
    case 'ListLiteral':
      return expression.elements.every((element) => element.kind !== 'SpreadElement' && isLiteralSetting(element));
    default:
      return false;
  }
}
