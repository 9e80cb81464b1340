/**
 * Calls of declared flows and functions and constructions of declared structs
 * (`Point(x: 1, y: 2)`): a named argument must name a parameter or field, there may be no
 * more positional arguments than parameters, and no parameter may be given twice
 * (`f(1, a: 2)` when `a` comes first). Each is E002 — the call does not match the signature.
 * A literal struct field must fit the field's type (E002 too). A literal argument
 * that does not fit a parameter's annotation is not an error: annotations are checked when the
 * program runs, as LOOM_TYPE_MODE says (E301 in strict mode, an E302 warning by default,
 * nothing when forgiving), so the checker only collects it for `loom lint` (W006). Missing
 * arguments are left to the runtime, which may supply defaults, and so are calls on the right
 * of `|>`, whose first argument is the piped value.
 */
import { diagnostic } from '../diagnostic.js';
import type { Diagnostic } from '../diagnostic.js';
import type { Argument, CallExpression, Identifier, Node, Parameter, StructDeclaration, TypeExpression } from '../syntax/ast.js';
import type { GlobalSymbol } from './binder.js';
import { literalMismatchFinding } from './literal-types.js';
import type { LiteralMismatchFinding } from './literal-types.js';
import { formatPosition } from './positions.js';
import type { Resolution } from './resolver.js';
import { suggestionHint } from '../language/suggest.js';
import type { NodeVisitor } from '../syntax/walk.js';

/** Where an argument goes: a parameter or struct field, with its written type. */
interface Slot {
  readonly name: string;
  readonly type: TypeExpression | null;
}

/** Checks each call it is shown against the signature of the flow, function or struct it names. */
export class CallChecker implements NodeVisitor {
  readonly kinds: ReadonlySet<Node['kind']> = new Set(['BinaryExpression', 'CallExpression']);
  readonly diagnostics: Diagnostic[] = [];
  /** Literal arguments that do not fit their parameter's annotation: lint warnings, not errors. */
  readonly argumentTypeMismatches: LiteralMismatchFinding[] = [];
  private readonly piped = new Set<CallExpression>();

  constructor(private readonly resolution: Resolution) {}

  enter(node: Node): void {
    // In `x |> f(a)` the call receives `x` as its first argument, which it does not show.
    if (node.kind === 'BinaryExpression' && node.operator === '|>' && node.right.kind === 'CallExpression') {
      this.piped.add(node.right);
    }
    if (node.kind !== 'CallExpression') return;
    const target = this.resolution.callTargets.get(node);
    if (target === undefined) return;
    if (this.piped.has(node)) this.checkPipedNames(node, target);
    else this.checkCall(node, target);
  }

  /** A piped call's positions are shifted by the value it receives, but its names still must exist. */
  private checkPipedNames(call: CallExpression, target: GlobalSymbol): void {
    const slots = slotsOf(target);
    if (!slots) return;
    for (const argument of call.arguments) {
      if (argument.name && !slots.some((slot) => slot.name === argument.name?.name)) this.diagnostics.push(unknownName(argument.name, slots, target));
    }
  }

  private checkCall(call: CallExpression, target: GlobalSymbol): void {
    const found = signatureMismatches(call, target, this.resolution);
    this.diagnostics.push(...found.errors);
    this.argumentTypeMismatches.push(...found.argumentTypes);
  }
}

function signatureMismatches(
  call: CallExpression,
  target: GlobalSymbol,
  resolution: Resolution,
): { errors: Diagnostic[]; argumentTypes: LiteralMismatchFinding[] } {
  const errors: Diagnostic[] = [];
  const argumentTypes: LiteralMismatchFinding[] = [];
  const slots = slotsOf(target);
  if (!slots) return { errors, argumentTypes };
  const what = `${target.kind} '${target.name}'`;
  const positional = call.arguments.filter((argument) => argument.name === null);
  const firstExtra = positional[slots.length];
  if (firstExtra) errors.push(tooManyArguments(firstExtra, slots.length, positional.length, what));
  const given = new Map<Slot, Argument>();
  let position = 0;
  for (const argument of call.arguments) {
    // Positional arguments fill the slots in order, wherever named ones stand between them.
    const slot = argument.name ? slots.find((candidate) => candidate.name === argument.name?.name) : slots[position++];
    if (!slot) {
      if (argument.name) errors.push(unknownName(argument.name, slots, target));
      continue;
    }
    const earlier = given.get(slot);
    if (earlier) {
      errors.push(givenTwice(argument, earlier, slot, what));
      continue;
    }
    given.set(slot, argument);
    const type = slot.type ? resolution.annotationTypes.get(slot.type) : undefined;
    const mismatch = literalMismatchFinding(type, argument.value, (expected, found) =>
      `'${slot.name}' of ${what} expects '${expected}', found ${found}`);
    if (mismatch === null) continue;
    if (target.kind === 'struct') errors.push(diagnostic('E002', mismatch.span, mismatch.detail));
    else argumentTypes.push(mismatch);
  }
  return { errors, argumentTypes };
}

/** The parameters of a flow or function, or the fields of a struct; null for anything else. */
function slotsOf(symbol: GlobalSymbol): readonly Slot[] | null {
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

function parameterSlot(parameter: Parameter): Slot {
  return { name: parameter.name.name, type: parameter.type };
}

function structSlots(struct: StructDeclaration): Slot[] {
  return struct.fields.map((field) => ({ name: field.name.name, type: field.type }));
}


function unknownName(name: Identifier, slots: readonly Slot[], target: GlobalSymbol): Diagnostic {
  const names = slots.map((slot) => slot.name);
  const noun = target.kind === 'struct' ? 'field' : 'parameter';
  return diagnostic('E002', name.span, `${target.kind} '${target.name}' has no ${noun} '${name.name}'`, {
    hint: suggestionHint(name.name, names) ?? (names.length > 0 ? `its ${noun}s are ${names.join(', ')}` : `it has no ${noun}s`),
  });
}

/** `f(1, a: 2)` or `f(a: 1, a: 2)`: the call would drop one of the two values. */
function givenTwice(argument: Argument, earlier: Argument, slot: Slot, what: string): Diagnostic {
  return diagnostic('E002', argument.name?.span ?? argument.span, `${what} is given '${slot.name}' twice`, {
    hint: `'${slot.name}' is already given at ${formatPosition(earlier.span)}`,
  });
}

function tooManyArguments(firstExtra: Argument, accepted: number, given: number, what: string): Diagnostic {
  return diagnostic('E002', firstExtra.span, `${what} takes ${accepted} argument${accepted === 1 ? '' : 's'}, not ${given}`);
}
