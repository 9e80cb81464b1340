import type { Command } from '../command.js';
import { buildCommand } from './build.js';
import { cacheCommand } from './cache.js';
import { explainCommand } from './explain.js';
import { jobsCommand } from './jobs.js';
import { lintCommand } from './lint.js';
import { routesCommand } from './routes.js';
import { runCommand } from './run.js';
import { serveCommand } from './serve.js';
import { testCommand } from './test.js';
import { validateCommand } from './validate.js';

/** Every `loom` subcommand, in the order `loom --help` lists them. A new command is one entry here. */
export const COMMANDS: readonly Command[] = [runCommand, buildCommand, testCommand, serveCommand, routesCommand, jobsCommand, validateCommand, lintCommand, explainCommand, cacheCommand];
