/** Types of scripts/web-client-types.mjs, for the TypeScript test that checks the generated file. */
export const webClientTypesPath: string;
export function generateWebClientTypes(): Promise<string>;
