/**
 * Running the lifecycle hooks in force (`before_step`, `after_step`, `on_error`, `before_tool`,
 * `after_tool`). Hooks observe; they do not handle: an error still goes on after the `on_error`
 * hooks saw it, and only `before_tool` may change what happens, by returning false. A hook's
 * body runs where hooks do not fire, so an agent asked inside a hook is not a step of its own.
 * Inside `unharnessed { }` no hook fires.
 */
import type { HarnessScopes, HookKind } from './scope.js';
import { isErrorOfTypes } from './error-types.js';

export class HookRunner {
  /** Errors the `on_error` hooks have seen, so an error seen by a step and then caught by try_agent is shown to them once. */
  private readonly seenErrors = new WeakSet<object>();

  constructor(private readonly scopes: HarnessScopes) {}

  async fire(kind: Exclude<HookKind, 'on_error'>, tool: string | null = null): Promise<void> {
    const frame = this.scopes.frame;
    if (frame.unharnessed) return;
    for (const hook of frame.hooks(kind)) {
      if (hook.tool !== tool) continue;
      await this.scopes.runHook(() => hook.body());
    }
  }

  /** `before_tool` hooks of `tool`: false when one of them returned false to block the call. */
  async allowTool(tool: string): Promise<boolean> {
    const frame = this.scopes.frame;
    if (frame.unharnessed) return true;
    for (const hook of frame.hooks('before_tool')) {
      if (hook.tool !== tool) continue;
      if ((await this.scopes.runHook(() => hook.body())) === false) return false;
    }
    return true;
  }

  /** Shows `error` to the `on_error` hooks whose type accepts it, once per error. */
  async failed(error: unknown): Promise<void> {
    const frame = this.scopes.frame;
    if (frame.unharnessed) return;
    if (typeof error === 'object' && error !== null) {
      if (this.seenErrors.has(error)) return;
      this.seenErrors.add(error);
    }
    for (const hook of frame.hooks('on_error')) {
      if (isErrorOfTypes(error, hook.errorTypes)) await this.scopes.runHook(() => hook.body(error));
    }
  }
}
