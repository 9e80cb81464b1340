/**
 * How generated code names the runtime: every `$rt.name` and `$p.name` the emitter writes goes
 * through these helpers, whose parameter types are the lists of language/runtime-interface.ts,
 * so a name the runtime does not provide fails to typecheck here instead of failing in a
 * user's program.
 */
import type { AutoloopMember, HarnessMember, ProgramMember, RuntimeExport, TypeCheckerMember, TypeRegistryMember } from '../language/runtime-interface.js';

/** The binding of the runtime library in a generated module (`import * as $rt`). */
export const RUNTIME_BINDING = '$rt';
/** The parameter of a generated module's program function: its ProgramContext. */
export const PROGRAM_BINDING = '$p';

/** `$rt.name`: an export of the runtime library. */
export function rt(name: RuntimeExport): string {
  return `${RUNTIME_BINDING}.${name}`;
}

/** `$p.name`: a member of the running program's context. */
export function programMember(name: ProgramMember): string {
  return `${PROGRAM_BINDING}.${name}`;
}

/** `$p.registry.name`: the program's ADTs (structs, enums, traits and impls). */
export function registryMember(name: TypeRegistryMember): string {
  return `${programMember('registry')}.${name}`;
}

/** `$p.types.name`: the program's type annotations and their checks. */
export function typeCheckerMember(name: TypeCheckerMember): string {
  return `${programMember('types')}.${name}`;
}

/** `$p.harness.name`: the Nexa v2 harness forms. */
export function harnessMember(name: HarnessMember): string {
  return `${programMember('harness')}.${name}`;
}

/** `loop.name`: a method of the autoloop controller held in `loop`. */
export function autoloopMember(loop: string, name: AutoloopMember): string {
  return `${loop}.${name}`;
}
