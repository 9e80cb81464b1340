/**
 * `std.shell`: runs one program with arguments (execFile, no shell) for flows and, through
 * `uses std.shell`, for agents. A model that can run commands can do anything the user can,
 * so the namespace is off unless the environment sets LOOM_ALLOW_SHELL=1. The command line is
 * split into words like a shell would (quotes and backslashes), but pipes, redirections,
 * `;`, `&` and `$` expansions are refused rather than passed on as plain words, because
 * without a shell they would not do what they say. The result is
 * `{stdout, stderr, exit_code}`; a program that cannot start, runs past the timeout or writes
 * more than the output cap is an E102.
 */
import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';
import { LoomError } from '../../errors.js';
import { operationSignal } from '../infra/tool-signal.js';
import { describe } from '../core/values.js';
import type { StdNamespace } from './namespace.js';

export const SHELL_OPT_IN_VARIABLE = 'LOOM_ALLOW_SHELL';
export const SHELL_TIMEOUT_MS = 30_000;
/** Per stream (stdout, stderr); a chattier program is stopped. */
export const SHELL_OUTPUT_LIMIT_BYTES = 1_048_576;
const MS_PER_SECOND = 1000;
const SHELL_OPERATORS = new Set(['|', '&', ';', '<', '>', '$', '`', '(', ')']);

function shellError(command: string, problem: string, cause?: unknown): LoomError {
  return new LoomError('E102', `std.shell '${command}': ${problem}`, undefined, cause === undefined ? undefined : { cause });
}

/** Splits a command line into words: '...' is literal, "..." and bare words honour backslashes. */
export function commandWords(command: string): string[] {
  const words: string[] = [];
  let word: string | undefined;
  let quote: "'" | '"' | undefined;
  for (let index = 0; index < command.length; index += 1) {
    const character = command[index];
    if (quote === "'" && character !== "'") {
      word += character;
    } else if (character === '\\' && quote !== "'" && index + 1 < command.length) {
      index += 1;
      word = (word ?? '') + command[index];
    } else if (character === "'" || character === '"') {
      if (quote === undefined) {
        quote = character;
        word ??= '';
      } else if (quote === character) quote = undefined;
      else word += character;
    } else if (quote === '"') {
      if (character === '$' || character === '`') throw shellError(command, `'${character}' expansions need a shell, which std.shell does not run`);
      word += character;
    } else if (/\s/.test(character)) {
      if (word !== undefined) words.push(word);
      word = undefined;
    } else if (SHELL_OPERATORS.has(character)) {
      throw shellError(command, `'${character}' needs a shell, which std.shell does not run; give one program and its arguments`);
    } else {
      word = (word ?? '') + character;
    }
  }
  if (quote !== undefined) throw shellError(command, `the ${quote} quote is not closed`);
  if (word !== undefined) words.push(word);
  return words;
}

interface CommandResult {
  readonly stdout: string;
  readonly stderr: string;
  readonly exit_code: number;
}

export function createShell(env: NodeJS.ProcessEnv): Readonly<Record<string, (...args: unknown[]) => unknown>> {
  const requireOptIn = (command: string): void => {
    if (env[SHELL_OPT_IN_VARIABLE] !== '1') {
      throw shellError(command, `running commands is off; set ${SHELL_OPT_IN_VARIABLE}=1 to let this program (and its agents) run commands`);
    }
  };

  const execute = (command: unknown): Promise<CommandResult> => {
    if (typeof command !== 'string') throw new LoomError('E102', `std.shell needs the command as a string, got ${describe(command)}`);
    requireOptIn(command);
    const [program, ...args] = commandWords(command);
    if (program === undefined) throw shellError(command, 'the command is empty');
    const signal = operationSignal(SHELL_TIMEOUT_MS);
    // node:child_process loads with the first command rather than with every program.
    return import('node:child_process').then(({ execFile }) => new Promise((resolve, reject) => {
      execFile(program, args, { env, signal, maxBuffer: SHELL_OUTPUT_LIMIT_BYTES, encoding: 'utf8' }, (error, stdout, stderr) => {
        if (error === null) return resolve({ stdout, stderr, exit_code: 0 });
        if (typeof error.code === 'number') return resolve({ stdout, stderr, exit_code: error.code });
        if (error.code === 'ERR_CHILD_PROCESS_STDIO_MAXBUFFER') return reject(shellError(command, `wrote more than ${SHELL_OUTPUT_LIMIT_BYTES} bytes of output`, error));
        if (signal.aborted) {
          const timedOut = signal.reason instanceof DOMException && signal.reason.name === 'TimeoutError';
          return reject(shellError(command, timedOut ? `did not finish within ${SHELL_TIMEOUT_MS / MS_PER_SECOND} s` : 'was cancelled', error));
        }
        reject(shellError(command, error.code === 'ENOENT' ? `no program named '${program}'` : error.message, error));
      });
    }));
  };

  /** The path of the program `name` on PATH, or null; runs nothing, so needs no opt-in. */
  const which = (name: unknown): string | null => {
    if (typeof name !== 'string') throw new LoomError('E102', `std.shell.which needs a program name, got ${describe(name)}`);
    for (const directory of (env['PATH'] ?? '').split(delimiter).filter((entry) => entry !== '')) {
      const candidate = join(directory, name);
      try {
        accessSync(candidate, constants.X_OK);
        return candidate;
      } catch {
        // not in this directory
      }
    }
    return null;
  };

  return { execute, exec: execute, shell_exec: execute, which, shell_which: which };
}

export const shellNamespace: StdNamespace<'shell'> = {
  create: createShell,
  tools: {
    execute: {
      description: 'Run one program with arguments (no shell: no pipes, redirections or $ expansions); returns {stdout, stderr, exit_code}',
      parameters: { command: 'string' },
    },
    which: { description: 'The path of a program on PATH, or null', parameters: { program: 'string' } },
  },
};
