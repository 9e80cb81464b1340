/**
 * Databases, key-value stores and auth configurations a program opens are handles: values a
 * program passes as the first argument of `std.db.*`, `std.kv.*` and `std.auth.*` or calls
 * methods on (`store.get("k")` is `std.kv.get(store, "k")`). Each names the namespace its
 * methods come from, and the program closes them all when it ends, so a connection pool or
 * socket never keeps a finished program alive.
 */
export abstract class ResourceHandle {
  /** The std namespace whose functions are this handle's methods. */
  abstract readonly namespace: string;
  /** How the handle reads when printed: its kind and a URL without credentials. */
  abstract loomDisplay(): string;
  abstract close(): Promise<void>;
}

/** The handles one program opened, in order. */
export class ResourceTracker {
  private readonly open = new Set<ResourceHandle>();

  track<T extends ResourceHandle>(handle: T): T {
    this.open.add(handle);
    return handle;
  }

  forget(handle: ResourceHandle): void {
    this.open.delete(handle);
  }

  /** Closes every handle, newest first; a failure to close one does not keep the others open. */
  async closeAll(): Promise<void> {
    const handles = [...this.open].reverse();
    this.open.clear();
    await Promise.allSettled(handles.map((handle) => handle.close()));
  }
}
