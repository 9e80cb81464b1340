/**
 * Literal values against type annotations, wherever the mismatch is certain: an annotated
 * `let`, a parameter default, a `return` in a flow or function with a declared result, and
 * literal arguments of a call to a flow, function or struct declared with typed parameters
 * or fields. Each is E002 at the offending literal.
 */
import type { Diagnostic } from '../diagnostic.js';
import type {
  Argument, CallExpression, Expression, Node, Parameter, StructDeclaration, TypeExpression,
} from '../syntax/ast.js';
import type { GlobalSymbol } from './binder.js';
import type { PlacedItem } from './includes.js';
import { findLiteralMismatch } from './literal-types.js';
import type { Resolution } from './resolver.js';
import type { LoomType } from './types.js';
import { describeType } from './types.js';
import { walk } from './walk.js';

/** A declared slot a value flows into: a parameter or struct field with its written type. */
interface TypedSlot {
  readonly name: string;
  readonly type: TypeExpression | null;
}

export function checkLiteralAnnotations(items: readonly PlacedItem[], resolution: Resolution): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  const typeOf = (annotation: TypeExpression): LoomType | undefined => resolution.annotationTypes.get(annotation);

  const expectLiteral = (annotation: TypeExpression | null, value: Expression, describe: (expected: string, found: string) => string): void => {
    if (!annotation) return;
    const type = typeOf(annotation);
    const mismatch = type && findLiteralMismatch(type, value);
    if (!type || !mismatch) return;
    diagnostics.push({
      code: 'E002',
      severity: 'error',
      message: `Type mismatch: ${describe(describeType(type), mismatch.found)}`,
      span: mismatch.literal.span,
    });
  };

  const checkParameters = (parameters: readonly Parameter[]): void => {
    for (const parameter of parameters) {
      if (parameter.defaultValue) {
        expectLiteral(parameter.type, parameter.defaultValue, (expected, found) =>
          `parameter '${parameter.name.name}' is declared '${expected}' but its default is ${found}`);
      }
    }
  };

  const checkReturns = (body: Node, returnType: TypeExpression | null, owner: string): void => {
    if (!returnType) return;
    walk(body, (node) => {
      if (node.kind === 'FunctionExpression') return false;
      if (node.kind === 'ReturnStatement' && node.value) {
        expectLiteral(returnType, node.value, (expected, found) => `${owner} returns '${expected}' but this returns ${found}`);
      }
      return true;
    });
  };

  const checkCall = (call: CallExpression, target: GlobalSymbol): void => {
    const slots = typedSlots(target);
    if (!slots) return;
    const what = `${target.kind} '${target.name}'`;
    matchArguments(call.arguments, slots).forEach(({ argument, slot }) => {
      expectLiteral(slot.type, argument.value, (expected, found) => `'${slot.name}' of ${what} expects '${expected}', found ${found}`);
    });
  };

  for (const { item } of items) {
    walk(item, (node) => {
      switch (node.kind) {
        case 'LetStatement':
          if (node.type) {
            const name = node.pattern.kind === 'BindingPattern' ? `'${node.pattern.name.name}'` : 'the pattern';
            expectLiteral(node.type, node.value, (expected, found) => `${name} is declared '${expected}' but is given ${found}`);
          }
          break;
        case 'FlowDeclaration':
          checkParameters(node.parameters ?? []);
          checkReturns(node.body, node.returnType, `flow '${node.name.name}'`);
          break;
        case 'FunctionDeclaration':
          checkParameters(node.parameters);
          if (node.body) checkReturns(node.body, node.returnType, `function '${node.name.name}'`);
          break;
        case 'FunctionExpression':
          checkParameters(node.parameters);
          break;
        case 'CallExpression': {
          const target = resolution.callTargets.get(node);
          if (target) checkCall(node, target);
          break;
        }
        default:
          break;
      }
      return true;
    });
  }
  return diagnostics;
}

/** The typed parameters of a flow or function, or the fields of a struct. */
function typedSlots(symbol: GlobalSymbol): readonly TypedSlot[] | null {
  const declaration = symbol.declaration;
  switch (declaration.kind) {
    case 'FlowDeclaration':
      return (declaration.parameters ?? []).map(parameterSlot);
    case 'FunctionDeclaration':
      return declaration.parameters.map(parameterSlot);
    case 'StructDeclaration':
      return structSlots(declaration);
    default:
      return null;
  }
}

function parameterSlot(parameter: Parameter): TypedSlot {
  return { name: parameter.name.name, type: parameter.type };
}

function structSlots(struct: StructDeclaration): TypedSlot[] {
  return struct.fields.map((field) => ({ name: field.name.name, type: field.type }));
}

/** Pairs positional arguments with slots in order and named ones by name; extras are left out. */
function matchArguments(args: readonly Argument[], slots: readonly TypedSlot[]): { argument: Argument; slot: TypedSlot }[] {
  const pairs: { argument: Argument; slot: TypedSlot }[] = [];
  args.forEach((argument, position) => {
    const slot = argument.name ? slots.find((s) => s.name === argument.name?.name) : slots[position];
    if (slot) pairs.push({ argument, slot });
  });
  return pairs;
}
