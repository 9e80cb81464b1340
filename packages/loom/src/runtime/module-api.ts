/**
 * Everything a generated module imports from the runtime (`import * as $rt`), in one place so
 * that the contract between the code generator and the runtime library is visible.
 */
export { add, subtract, multiply, divide, remainder, power, negate, contains } from './operators.js';
export { truthy, equals, isAbsent, display, snapshot } from './values.js';
export { member, setMember, index, setIndex, slice } from './access.js';
export { matches, destructure, noMatchingArm, iterationItems } from './match.js';
export { Propagation, settle, propagate, propagated, isErr } from './propagation.js';
export { deterministicViolation, checkSemanticClause } from './contracts.js';
export { renderTemplate } from './template.js';
export { assertionFailed, cannotRun, unsupported } from './script-error.js';
export { raised, rethrowSignal, runDeferred, noIntentArm } from './control.js';
export { pipeline, fanOut, merge } from './agents/pipeline.js';
export { runIfMain } from './run-program.js';
