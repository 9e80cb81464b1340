/**
 * Everything a generated module imports from the runtime (`import * as $rt`), in one place so
 * that the contract between the code generator and the runtime library is visible. It is also
 * what dist/runtime.mjs, which generated modules import, exports from the CLI bundle
 * (src/bundle-entry.ts).
 */
export { add, subtract, multiply, divide, remainder, power, negate, contains } from '../core/operators.js';
export { truthy, equals, isAbsent, isVariant, display, snapshot } from '../core/values.js';
export { missingKeyAsAbsent } from '../core/missing-key.js';
export { member, setMember, index, setIndex, slice } from '../core/access.js';
export { matches, destructure, noMatchingArm, iterationItems } from '../core/match.js';
export { Propagation, settle, propagate, propagated, isErr } from '../core/propagation.js';
export { deterministicViolation, checkSemanticClause } from '../core/contracts.js';
export { renderTemplate } from '../core/template.js';
export { assertionFailed } from '../core/script-error.js';
export { raised, rethrowSignal, runDeferred, noIntentArm } from '../core/control.js';
export { pipeline, fanOut, merge } from '../agents/pipeline.js';
export { runIfMain } from './run-program.js';
