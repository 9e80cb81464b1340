/**
 * The request a server is answering, as seen from anywhere its handler reaches: the session
 * functions of std.auth read the request's session through it and leave the cookie the answer
 * must carry. Async context (AsyncLocalStorage) follows the handler through every await, so
 * flows a handler calls see the same request, and concurrent requests never see each other's.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { RequestValue } from './request.js';

export interface RequestContext {
  readonly request: RequestValue;
  /**
   * What the std.auth session functions found or did for this request: the session id they
   * settled on (null once it is ended), and the `Set-Cookie` the answer carries, if any.
   */
  session: { id: string | null } | undefined;
  setCookie: string | undefined;
}

const contexts = new AsyncLocalStorage<RequestContext>();

/** Runs `answer` as the handling of `request`; returns its value and the cookie it set. */
export async function answering<T>(request: RequestValue, answer: () => Promise<T>): Promise<{ value: T; setCookie: string | undefined }> {
  const context: RequestContext = { request, session: undefined, setCookie: undefined };
  const value = await contexts.run(context, answer);
  return { value, setCookie: context.setCookie };
}

/** The request being answered where this runs; undefined outside a server's handling of one. */
export function currentRequest(): RequestContext | undefined {
  return contexts.getStore();
}
