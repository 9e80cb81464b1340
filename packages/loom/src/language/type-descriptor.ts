/**
 * A type annotation as the generated code writes it and the runtime's type checks
 * (runtime/core/types.ts) read it: the contract between emit/type-descriptors.ts and the runtime,
 * kept here so that neither imports the other.
 */
export type TypeDescriptor =
  | { readonly name: string; readonly args?: readonly TypeDescriptor[] }
  | { readonly union: readonly TypeDescriptor[] }
  | { readonly optional: TypeDescriptor }
  /** A type written as a string (`"list[str]"`), as protocol fields are. */
  | { readonly text: string };
