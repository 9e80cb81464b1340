/**
 * Literal values against the annotations of their declaration, wherever the mismatch is
 * certain: an annotated `let`, a parameter default, and a `return` in a flow or function
 * with a declared result. Each is E002 at the offending literal.
 */
import type { Diagnostic } from '../diagnostic.js';
import type { Expression, Node, Parameter, TypeExpression } from '../syntax/ast.js';
import type { PlacedItem } from './includes.js';
import { literalMismatchDiagnostic } from './literal-types.js';
import type { Resolution } from './resolver.js';
import { walk } from './walk.js';

export function checkLiteralAnnotations(items: readonly PlacedItem[], resolution: Resolution): Diagnostic[] {
  return new AnnotationChecker(resolution).run(items);
}

class AnnotationChecker {
  private readonly diagnostics: Diagnostic[] = [];

  constructor(private readonly resolution: Resolution) {}

  run(items: readonly PlacedItem[]): Diagnostic[] {
    for (const { item } of items) {
      walk(item, (node) => {
        switch (node.kind) {
          case 'LetStatement':
            if (node.type) {
              const name = node.pattern.kind === 'BindingPattern' ? `'${node.pattern.name.name}'` : 'the pattern';
              this.expect(node.type, node.value, (expected, found) => `${name} is declared '${expected}' but is given ${found}`);
            }
            break;
          case 'FlowDeclaration':
            this.checkDefaults(node.parameters ?? []);
            this.checkReturns(node.body, node.returnType, `flow '${node.name.name}'`);
            break;
          case 'FunctionDeclaration':
            this.checkDefaults(node.parameters);
            if (node.body) this.checkReturns(node.body, node.returnType, `function '${node.name.name}'`);
            break;
          case 'FunctionExpression':
            this.checkDefaults(node.parameters);
            break;
          default:
            break;
        }
      });
    }
    return this.diagnostics;
  }

  private checkDefaults(parameters: readonly Parameter[]): void {
    for (const parameter of parameters) {
      if (!parameter.defaultValue) continue;
      this.expect(parameter.type, parameter.defaultValue, (expected, found) =>
        `parameter '${parameter.name.name}' is declared '${expected}' but its default is ${found}`);
    }
  }

  private checkReturns(body: Node, returnType: TypeExpression | null, owner: string): void {
    if (!returnType) return;
    walk(body, (node) => {
      if (node.kind === 'FunctionExpression') return false;
      if (node.kind === 'ReturnStatement' && node.value) {
        this.expect(returnType, node.value, (expected, found) => `${owner} returns '${expected}' but this returns ${found}`);
      }
      return true;
    });
  }

  private expect(annotation: TypeExpression | null, value: Expression, describe: (expected: string, found: string) => string): void {
    if (!annotation) return;
    const diagnostic = literalMismatchDiagnostic(this.resolution.annotationTypes.get(annotation), value, describe);
    if (diagnostic) this.diagnostics.push(diagnostic);
  }
}
