/**
 * A run-time object that answers field reads itself (an agent answers `A.run` and `A.name`),
 * rather than letting `x.field` reach its JavaScript internals: a class's prototype methods
 * read that way would lose their `this` and fail far from the read.
 */
export interface MemberSource {
  loomMember(name: string): unknown;
}

export function isMemberSource(value: unknown): value is MemberSource {
  return typeof value === 'object' && value !== null && typeof (value as Partial<MemberSource>).loomMember === 'function';
}
