import { ApiFailure } from '../api/client.js';
import type { WorkspaceState, WorkspaceStore } from './state.js';

/** How long a notice stays up: long enough to read, short enough not to linger. */
const noticeVisibleMs = 4000;

/** How the page words a failure: the API's message and code, or the error's own message. */
export function messageOf(error: unknown): string {
  if (error instanceof ApiFailure) return `${error.message} (${error.code})`;
  return error instanceof Error ? error.message : String(error);
}

/**
 * What the page tells the user about its own operations: the last failure (with the API's
 * message) and short notices. Every controller runs its API calls through `attempt`, so a
 * failure shows the same way wherever it happens.
 */
export class Feedback {
  constructor(private readonly store: WorkspaceStore) {}

  /** Shows a failure, or runs `action` and clears the last error when it succeeds. */
  async attempt<T>(action: () => Promise<T>): Promise<T | undefined> {
    try {
      const result = await action();
      this.store.update({ error: null });
      return result;
    } catch (error) {
      // A refused token cannot come back by retrying: the page says it is signed out.
      if (error instanceof ApiFailure && error.code === 'unauthorized') this.store.update({ connection: 'signed-out' });
      this.store.update({ error: messageOf(error) });
      return undefined;
    }
  }

  /** A failure found by the page itself rather than the API (the microphone refused). */
  showError(message: string): void {
    this.store.update({ error: message });
  }

  dismissError(): void {
    this.store.update({ error: null });
  }

  showNotice(notice: NonNullable<WorkspaceState['notice']>): void {
    this.store.update({ notice });
    setTimeout(() => {
      // Unless a newer notice replaced it meanwhile.
      if (this.store.state.notice === notice) this.store.update({ notice: null });
    }, noticeVisibleMs);
  }
}
