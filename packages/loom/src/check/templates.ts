/**
 * Template literals (`template """..."""`) are compiled while checking, so a malformed one —
 * an unclosed `{{#for}}`, an unknown filter — is E801 from `validate`, at the template, rather
 * than only when the line runs. The runtime compiles the same body with the same compiler
 * (language/template/), so the two cannot disagree about what is malformed.
 */
import { diagnostic } from '../diagnostic.js';
import type { Diagnostic } from '../diagnostic.js';
import { LoomError } from '../errors.js';
import { compileTemplate } from '../language/template/compile.js';
import type { Node } from '../syntax/ast.js';
import type { NodeVisitor } from '../syntax/walk.js';
import { leadingSpan } from './positions.js';

const TEMPLATE_KEYWORD = 'template';

export class TemplateChecker implements NodeVisitor {
  readonly kinds: ReadonlySet<Node['kind']> = new Set(['TemplateLiteral']);
  readonly diagnostics: Diagnostic[] = [];

  enter(node: Node): void {
    if (node.kind !== 'TemplateLiteral') return;
    try {
      compileTemplate(node.body);
    } catch (error) {
      if (!(error instanceof LoomError) || error.code !== 'E801') throw error;
      const detail = error.message.replace(/^template: /, '');
      this.diagnostics.push(diagnostic('E801', leadingSpan(node.span, TEMPLATE_KEYWORD.length), detail));
    }
  }
}
