/**
 * The names generated code reaches the runtime by: the exports of the runtime library
 * (runtime/host/module-api.ts, imported as `$rt`) and the members of the program context
 * (runtime/host/program.ts, received as `$p`). The emitter can only write names listed here
 * (emit/runtime-names.ts) and the runtime fails to compile when it lacks one of them
 * (runtime/host/runtime-interface-check.ts), so a renamed runtime function breaks the build
 * rather than a user's program.
 */

/** What module-api.ts exports. */
export const RUNTIME_EXPORTS = [
  // Operators whose Loom meaning differs from JavaScript's
  'add', 'subtract', 'multiply', 'divide', 'remainder', 'power', 'negate', 'contains',
  // Values
  'truthy', 'equals', 'isAbsent', 'isVariant', 'display', 'snapshot', 'missingKeyAsAbsent',
  // Member and index access
  'member', 'setMember', 'index', 'setIndex', 'slice',
  // Patterns and iteration
  'matches', 'destructure', 'noMatchingArm', 'iterationItems',
  // Error propagation (`?`, `catch`)
  'Propagation', 'settle', 'propagate', 'propagated', 'isErr',
  // Contracts, templates, script errors, control flow
  'deterministicViolation', 'checkSemanticClause', 'renderTemplate', 'assertionFailed',
  'raised', 'rethrowSignal', 'runDeferred', 'noIntentArm',
  // Agent operators
  'pipeline', 'fanOut', 'merge',
  // The module's own entry point
  'runIfMain',
] as const;
export type RuntimeExport = (typeof RUNTIME_EXPORTS)[number];

/** What generated code reads of ProgramContext. */
export const PROGRAM_MEMBERS = [
  'registry', 'types', 'builtins', 'std', 'print', 'useConfig', 'test', 'resource', 'callStd', 'callMethod', 'call',
  'agent', 'toolFromFunction', 'toolFunction', 'stdTools', 'server', 'job', 'enqueueJob', 'awaitTask', 'spawnActor', 'pass',
  'runnable', 'runnables', 'fireAndForget', 'consensus', 'feed', 'judge', 'assertClaim', 'semanticIf', 'routeIntent',
  'harness',
] as const;
export type ProgramMember = (typeof PROGRAM_MEMBERS)[number];

/** What generated code reads of the program's type registry (`$p.registry`): ADT declarations and values. */
export const TYPE_REGISTRY_MEMBERS = ['declareTrait', 'declareStruct', 'declareEnum', 'declareImpl', 'variant', 'construct'] as const;
export type TypeRegistryMember = (typeof TYPE_REGISTRY_MEMBERS)[number];

/** What generated code reads of the program's type checker (`$p.types`): annotations and their checks. */
export const TYPE_CHECKER_MEMBERS = ['declareAlias', 'declareProtocol', 'check', 'checkArgument', 'test'] as const;
export type TypeCheckerMember = (typeof TYPE_CHECKER_MEMBERS)[number];

/** What generated code reads of the program's harness (`$p.harness`): the Nexa v2 harness forms. */
export const HARNESS_MEMBERS = [
  'invoke', 'autoloop', 'hook', 'corrects', 'reflect', 'verifyType', 'verifyClaim', 'verifyHolds', 'snapshot', 'restore', 'fork',
  'enterWindow', 'declareWindow', 'enterUnharnessed', 'leave', 'declareTool', 'forkBlocks',
] as const;
export type HarnessMember = (typeof HARNESS_MEMBERS)[number];

/** What generated code calls on the controller of one autoloop (`$p.harness.autoloop(...)`). */
export const AUTOLOOP_MEMBERS = ['next', 'failed', 'stepEnded', 'close'] as const;
export type AutoloopMember = (typeof AUTOLOOP_MEMBERS)[number];
