/**
 * Nexa's rule C-004: in a pipeline `A >> B` where A's reply follows a protocol (its
 * `output_schema`, or `implements`) and B's context block declares an `input_schema`, every
 * field B's protocol requires must be in A's with the same type (a field of type `T?` may be
 * missing), else E002 at B.
 */
import { diagnostic } from '../diagnostic.js';
import type { Diagnostic } from '../diagnostic.js';
import type { AgentDeclaration, Expression, Node, ProtocolDeclaration } from '../syntax/ast.js';
import type { NodeVisitor } from '../syntax/walk.js';
import { contextSetting } from './agent-context.js';
import { outputProtocolName } from './agent-output.js';
import type { GlobalTable } from './binder.js';
import type { Resolution } from './resolver.js';
import { describeType } from './types.js';

export class PipelineContextChecker implements NodeVisitor {
  readonly kinds: ReadonlySet<Node['kind']> = new Set(['BinaryExpression']);
  readonly diagnostics: Diagnostic[] = [];

  constructor(
    private readonly resolution: Resolution,
    private readonly globals: GlobalTable,
  ) {}

  enter(node: Node): void {
    if (node.kind !== 'BinaryExpression' || node.operator !== '>>' || node.left.kind !== 'BinaryExpression' || node.left.operator !== '>>') return;
    const upstream = this.agentOf(node.left.right);
    const downstream = this.agentOf(node.right);
    if (upstream === undefined || downstream === undefined) return;
    const output = outputProtocolName(upstream);
    const input = contextSetting(downstream, 'input_schema');
    if (output === undefined || input?.kind !== 'Identifier' || output === input.name) return;
    const given = this.protocol(output);
    const taken = this.protocol(input.name);
    if (given === undefined || taken === undefined) return;
    const problems = this.shortfalls(given, taken);
    if (problems.length === 0) return;
    this.diagnostics.push(diagnostic('E002', node.right.span,
      `agent '${upstream.name.name}' hands on a ${output}, which is not the ${input.name} that agent '${downstream.name.name}' takes (its context input_schema): ${problems.join('; ')}`, {
        hint: `align the output_schema of ${upstream.name.name} with the input_schema of ${downstream.name.name}`,
      }));
  }

  private agentOf(stage: Expression): AgentDeclaration | undefined {
    if (stage.kind !== 'Identifier') return undefined;
    const reference = this.resolution.names.referenceTo(stage);
    return reference?.kind === 'global' && reference.symbol.declaration.kind === 'AgentDeclaration' ? reference.symbol.declaration : undefined;
  }

  private protocol(name: string): ProtocolDeclaration | undefined {
    const declaration = this.globals.lookup(name)?.declaration;
    return declaration?.kind === 'ProtocolDeclaration' ? declaration : undefined;
  }

  /** What `given` lacks of the fields `taken` requires: a field missing (and not optional) or of another type. */
  private shortfalls(given: ProtocolDeclaration, taken: ProtocolDeclaration): string[] {
    const typeOf = (field: ProtocolDeclaration['fields'][number]): string | undefined => {
      const type = this.resolution.annotationTypes.get(field.type);
      return type === undefined ? undefined : describeType(type);
    };
    return taken.fields.flatMap((field) => {
      const name = field.name.name;
      const wanted = typeOf(field);
      const match = given.fields.find((candidate) => candidate.name.name === name);
      if (match === undefined) {
        return this.resolution.annotationTypes.get(field.type)?.kind === 'option' ? [] : [`field '${name}' is missing`];
      }
      const found = typeOf(match);
      return wanted === undefined || found === undefined || wanted === found || wanted === 'any' ? [] : [`field '${name}' is ${found}, not ${wanted}`];
    });
  }
}
