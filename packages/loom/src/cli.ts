import { suggestionHint } from './language/suggest.js';
import { SourceUnreadableError } from './source-unreadable.js';
import { UsageError } from './cli/command.js';
import type { CliIo, Command } from './cli/command.js';
import { COMMANDS } from './cli/commands/index.js';
import { ExitCode } from './cli/exit-codes.js';
import type { ExitStatus } from './cli/exit-codes.js';
import { commandHelp, globalHelp } from './cli/help.js';
import { parseInvocation } from './cli/parse-invocation.js';
import { loomVersion } from './cli/version.js';
import { processTerminal } from './cli/process-terminal.js';

export type { CliIo } from './cli/command.js';

const HELP_FLAGS = new Set(['--help', '-h']);
const VERSION_FLAGS = new Set(['--version', '-V']);

function helpPointer(command: string | undefined): string {
  return command === undefined ? "Run 'loom --help' for the list of commands." : `Run 'loom help ${command}' for its usage.`;
}

function findCommand(name: string): Command {
  const command = COMMANDS.find((candidate) => candidate.name === name);
  if (command === undefined) {
    const hint = suggestionHint(name, COMMANDS.map((candidate) => candidate.name));
    throw new UsageError(`unknown command '${name}'${hint === undefined ? '' : `; ${hint}`}`);
  }
  return command;
}

async function dispatch(argv: readonly string[], io: CliIo): Promise<ExitStatus> {
  const [first, ...rest] = argv;
  if (first === undefined) throw new UsageError('no command given');
  if (HELP_FLAGS.has(first)) {
    io.stdout.write(globalHelp(COMMANDS));
    return ExitCode.ok;
  }
  if (VERSION_FLAGS.has(first)) {
    io.stdout.write(`loom ${loomVersion()}\n`);
    return ExitCode.ok;
  }
  if (first === 'help') {
    const [topic, extra] = rest;
    if (extra !== undefined) throw new UsageError(`unexpected argument '${extra}' for 'loom help'`);
    io.stdout.write(topic === undefined ? globalHelp(COMMANDS) : commandHelp(findCommand(topic)));
    return ExitCode.ok;
  }
  if (first.startsWith('-')) throw new UsageError(`unknown option '${first}'`);

  const command = findCommand(first);
  const { help, invocation } = parseInvocation(command, rest);
  if (help) {
    io.stdout.write(commandHelp(command));
    return ExitCode.ok;
  }
  return command.run(invocation, io);
}

/**
 * Runs one `loom` command line and returns its exit status. Mistakes in the command line, and
 * an input file that cannot be read, are usage errors (64) reported on stderr; a failure of
 * loom itself is reported as an internal error with status 1.
 */
export async function main(argv: readonly string[], io: CliIo): Promise<ExitStatus> {
  try {
    return await dispatch(argv, io);
  } catch (error) {
    if (error instanceof UsageError) {
      io.stderr.write(`loom: ${error.message}\n${helpPointer(error.command)}\n`);
      return ExitCode.usage;
    }
    if (error instanceof SourceUnreadableError) {
      io.stderr.write(`loom: ${error.message}\n`);
      return ExitCode.usage;
    }
    // Anything else is a bug in loom itself; the stack is what a bug report needs.
    io.stderr.write(`loom: internal error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    return ExitCode.runtimeError;
  }
}

export function processIo(): CliIo {
  return { stdout: process.stdout, stderr: process.stderr, env: process.env, terminal: processTerminal() };
}
