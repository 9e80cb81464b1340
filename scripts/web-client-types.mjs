// The TypeScript types of Lectern's /api/v2, generated from the OpenAPI document the server
// itself produces (`lectern openapi`), so the web workspace and the exported client cannot
// drift from the routes. Used by scripts/build.mjs, which writes them, and by a test that
// regenerates and compares with the checked-in file.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import openapiTS, { astToString } from 'openapi-typescript';

const root = new URL('..', import.meta.url).pathname;
export const webClientTypesPath = join(root, 'packages/lectern-web/src/api/openapi.gen.ts');

const header = `// Generated from Lectern's OpenAPI document by scripts/web-client-types.mjs (run by
// scripts/build.mjs). Do not edit: change the route schemas in packages/lectern instead.\n\n`;

export async function generateWebClientTypes() {
  const document = execFileSync(process.execPath, [join(root, 'packages/lectern/bin/lectern.js'), 'openapi'], {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  const ast = await openapiTS(JSON.parse(document));
  return header + astToString(ast);
}
