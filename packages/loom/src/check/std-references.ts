/**
 * `std.<namespace>.<function>` names a function the standard library table lists
 * (language/std-library.ts), the same table the runtime's namespaces are typed against: a
 * function Loom does not have is an undeclared identifier here, so `loom validate` never
 * passes a program that `loom run` would stop at with E105. A namespace or function of the
 * reference that Loom knows but does not run is E006. Whether the namespace exists at all is
 * the resolver's question.
 */
import { diagnostic } from '../diagnostic.js';
import type { Diagnostic } from '../diagnostic.js';
import type { MemberExpression, Node } from '../syntax/ast.js';
import { STD_FUNCTIONS_NOT_RUN, isStdNamespace, isStdNamespaceRun, stdFunctionNames } from '../language/std-library.js';
import { suggestionHint } from '../language/suggest.js';
import type { NodeVisitor } from '../syntax/walk.js';
import type { Resolution } from './resolver.js';

export class StdReferenceChecker implements NodeVisitor {
  readonly kinds: ReadonlySet<Node['kind']> = new Set(['MemberExpression']);
  readonly diagnostics: Diagnostic[] = [];
  /** Inner links of a chain already judged with its outermost member (`std.db` of `std.db.sqlite.query`). */
  private readonly judged = new Set<MemberExpression>();

  constructor(private readonly resolution: Resolution) {}

  enter(node: Node): void {
    if (node.kind !== 'MemberExpression' || this.judged.has(node)) return;
    const path = this.stdPath(node);
    if (path === undefined) return;
    const [namespace, ...rest] = path;
    if (namespace === undefined || !isStdNamespace(namespace)) return;
    const name = rest.join('.');
    if (!isStdNamespaceRun(namespace)) {
      this.diagnostics.push(diagnostic('E006', node.span, rest.length === 0 ? `std.${namespace}` : `std.${namespace}.${name}`));
      return;
    }
    if (rest.length === 0) return;
    const notRun = STD_FUNCTIONS_NOT_RUN.get(namespace)?.get(name);
    if (notRun !== undefined) {
      this.diagnostics.push(diagnostic('E006', node.span, `std.${namespace}.${name} (${notRun})`));
      return;
    }
    const functions = stdFunctionNames(namespace);
    // A property read off a function's value (`std.db.sqlite` leads to `std.db.sqlite.query`) is judged by its prefix.
    const known = rest.some((_, index) => functions.includes(rest.slice(0, index + 1).join('.')));
    if (known || functions.some((candidate) => candidate.startsWith(`${name}.`))) return;
    const suggestion = suggestionHint(name, functions);
    this.diagnostics.push(diagnostic('E001', node.property.span, `std.${namespace} has no function '${name}'`, {
      subject: `'std.${namespace}.${name}'`,
      hint: suggestion ?? `std.${namespace} has ${functions.map((candidate) => `'${candidate}'`).join(', ')}`,
    }));
  }

  /** `[namespace, ...names]` of a member chain rooted at the standard library, marking its inner links judged. */
  private stdPath(node: MemberExpression): string[] | undefined {
    const path = [node.property.name];
    const inner: MemberExpression[] = [];
    let object = node.object;
    while (object.kind === 'MemberExpression') {
      inner.push(object);
      path.unshift(object.property.name);
      object = object.object;
    }
    if (object.kind !== 'Identifier' || object.name !== 'std' || this.resolution.names.referenceTo(object)?.kind !== 'builtin') return undefined;
    for (const link of inner) this.judged.add(link);
    return path;
  }
}
