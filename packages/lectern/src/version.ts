import { readFileSync } from 'node:fs';

/** The package version, read once from package.json so the CLI, health route and hand-over agree. */
export const version: string = (
  JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }
).version;
