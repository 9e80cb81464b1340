type Callback = () => void;

/** Whatever runs work once the writes made so far are durable: the database (db.ts). */
export interface AfterCommit {
  afterCommit(callback: Callback): void;
}

/**
 * Work that reports a write (an event frame, a cache that mirrors rows) and so must wait until
 * the write is durable. A callback queued inside a transaction runs once the outermost
 * transaction has committed, and never if it rolls back; a nested transaction (a savepoint)
 * that rolls back drops the callbacks queued inside it, while the enclosing transaction may
 * still commit. Outside any transaction each statement commits as it runs, so a callback
 * queued there runs at once.
 */
export class CommitCallbacks {
  /** The callbacks queued at each open transaction level, outermost first. */
  readonly #levels: Callback[][] = [];

  get open(): boolean {
    return this.#levels.length > 0;
  }

  /** Runs `transaction`, which opens one level and commits or rolls it back, then settles what it queued. */
  around<T>(transaction: () => T): T {
    const queued: Callback[] = [];
    this.#levels.push(queued);
    let result: T;
    try {
      result = transaction();
    } finally {
      this.#levels.pop();
    }
    // Released, not yet durable: the enclosing transaction's commit decides.
    const enclosing = this.#levels.at(-1);
    if (enclosing) enclosing.push(...queued);
    else for (const callback of queued) callback();
    return result;
  }

  add(callback: Callback): void {
    const level = this.#levels.at(-1);
    if (level) level.push(callback);
    else callback();
  }
}
