import type { Backend } from './backend.js';
import type { Feedback } from './feedback.js';
import type { WorkspaceStore } from './state.js';

/**
 * What every controller of the page works with: the one store it writes, the API it reaches,
 * and the feedback its operations report through. Controllers that need another controller
 * take it as an extra constructor parameter.
 */
export abstract class WorkspaceController {
  constructor(
    protected readonly store: WorkspaceStore,
    protected readonly backend: Backend,
    protected readonly feedback: Feedback,
  ) {}
}
