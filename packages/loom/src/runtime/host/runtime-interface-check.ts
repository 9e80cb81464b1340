/**
 * Compiles only while the runtime provides every name of language/runtime-interface.ts, which
 * is all the code generator may write as `$rt.name` or `$p.name`: renaming or removing one
 * of them breaks `npm run typecheck` (naming the missing name) rather than a user's program.
 * Types only, so nothing of it is loaded at run time or bundled into dist/loom.cjs.
 */
import type * as runtimeLibrary from './module-api.js';
import type { ProgramContext } from './program.js';
import type { AutoloopMember, HarnessMember, ProgramMember, RuntimeExport, TypeCheckerMember, TypeRegistryMember } from '../../language/runtime-interface.js';
import type { Autoloop } from '../harness/autoloop.js';

// `Pick` requires its keys to exist: a listed name missing below is a compile error here.
export type RuntimeLibraryInterface = Pick<typeof runtimeLibrary, RuntimeExport>;
export type ProgramContextInterface = Pick<ProgramContext, ProgramMember>;
export type TypeRegistryInterface = Pick<ProgramContext['registry'], TypeRegistryMember>;
export type TypeCheckerInterface = Pick<ProgramContext['types'], TypeCheckerMember>;
export type HarnessInterface = Pick<ProgramContext['harness'], HarnessMember>;
export type AutoloopInterface = Pick<Autoloop, AutoloopMember>;
