#!/usr/bin/env node
// Registers tsx so the TypeScript sources run as they are: `npx loom` works after `npm ci`
// without a build step.
import { register } from 'tsx/esm/api';

register();
const { main, processIo } = await import('../src/cli.ts');
process.exitCode = await main(process.argv.slice(2), processIo());
