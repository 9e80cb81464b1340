/**
 * Literal values against the annotations of their declaration, wherever the mismatch is
 * certain: an annotated `let`, a parameter default, and a `return` in a flow or function
 * with a declared result. Each is E002 at the offending literal.
 */
import type { Diagnostic } from '../diagnostic.js';
import type { Expression, Node, Parameter, TypeExpression } from '../syntax/ast.js';
import { literalMismatchDiagnostic } from './literal-types.js';
import type { Resolution } from './resolver.js';
import type { NodeVisitor } from '../syntax/walk.js';

/** What a `return` inside a body is checked against; a closure's returns are not checked. */
interface ReturnTarget {
  /** The node whose subtree the target covers: a flow or function body, or a closure. */
  readonly node: Node;
  readonly returnType: TypeExpression | null;
  readonly owner: string;
}

/** Checks the literal values of the nodes it is shown against their annotations. */
export class AnnotationChecker implements NodeVisitor {
  // Flow and function bodies are blocks: the checker sees them to know where returns belong.
  readonly kinds: ReadonlySet<Node['kind']> = new Set([
    'LetStatement', 'FlowDeclaration', 'FunctionDeclaration', 'FunctionExpression', 'ReturnStatement', 'Block',
  ]);
  readonly diagnostics: Diagnostic[] = [];
  private readonly returnTargets: ReturnTarget[] = [];
  /** The target of the flow or function just entered, waiting for its body to be entered. */
  private pendingBody: ReturnTarget | null = null;

  constructor(private readonly resolution: Resolution) {}

  enter(node: Node): void {
    if (node === this.pendingBody?.node) {
      this.returnTargets.push(this.pendingBody);
      this.pendingBody = null;
    }
    switch (node.kind) {
      case 'LetStatement':
        if (node.type) {
          const name = node.pattern.kind === 'BindingPattern' ? `'${node.pattern.name.name}'` : 'the pattern';
          this.expect(node.type, node.value, (expected, found) => `${name} is declared '${expected}' but is given ${found}`);
        }
        break;
      case 'FlowDeclaration':
        this.checkDefaults(node.parameters ?? []);
        this.pendingBody = { node: node.body, returnType: node.returnType, owner: `flow '${node.name.name}'` };
        break;
      case 'FunctionDeclaration':
        this.checkDefaults(node.parameters);
        if (node.body) this.pendingBody = { node: node.body, returnType: node.returnType, owner: `function '${node.name.name}'` };
        break;
      case 'FunctionExpression':
        this.checkDefaults(node.parameters);
        this.returnTargets.push({ node, returnType: null, owner: 'closure' });
        break;
      case 'ReturnStatement': {
        const target = this.returnTargets.at(-1);
        if (target?.returnType && node.value) {
          this.expect(target.returnType, node.value, (expected, found) => `${target.owner} returns '${expected}' but this returns ${found}`);
        }
        break;
      }
      default:
        break;
    }
  }

  leave(node: Node): void {
    if (this.returnTargets.at(-1)?.node === node) this.returnTargets.pop();
  }

  private checkDefaults(parameters: readonly Parameter[]): void {
    for (const parameter of parameters) {
      if (!parameter.defaultValue) continue;
      this.expect(parameter.type, parameter.defaultValue, (expected, found) =>
        `parameter '${parameter.name.name}' is declared '${expected}' but its default is ${found}`);
    }
  }

  private expect(annotation: TypeExpression | null, value: Expression, describe: (expected: string, found: string) => string): void {
    if (!annotation) return;
    const diagnostic = literalMismatchDiagnostic(this.resolution.annotationTypes.get(annotation), value, describe);
    if (diagnostic) this.diagnostics.push(diagnostic);
  }
}
