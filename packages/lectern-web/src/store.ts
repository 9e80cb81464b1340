import { useEffect, useState } from 'preact/hooks';

/**
 * A minimal observable store: one state object replaced on every change, listeners told
 * synchronously. Enough for one page; no framework of its own.
 */
export class Store<S extends object> {
  private listeners = new Set<(state: S) => void>();

  constructor(private current: S) {}

  get state(): S {
    return this.current;
  }

  update(patch: Partial<S> | ((state: S) => Partial<S>)): void {
    const change = typeof patch === 'function' ? patch(this.current) : patch;
    this.current = { ...this.current, ...change };
    for (const listener of this.listeners) listener(this.current);
  }

  subscribe(listener: (state: S) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}

/** The store's state in a component, re-rendered on every change. */
export function useStore<S extends object>(store: Store<S>): S {
  const [state, setState] = useState(store.state);
  useEffect(() => store.subscribe(setState), [store]);
  return state;
}
