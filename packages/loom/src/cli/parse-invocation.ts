import { parseArgs } from 'node:util';
import { suggestionHint } from '../language/suggest.js';
import { UsageError } from './command.js';
import type { Command, Invocation } from './command.js';

export interface ParsedCommandLine {
  /** `--help`/`-h` was given: show the command's help and ignore everything else. */
  readonly help: boolean;
  readonly invocation: Invocation;
}

/**
 * Reads a command's arguments against its spec. node's parseArgs does the tokenising; the
 * checks are ours so that every mistake becomes a UsageError naming the command.
 */
export function parseInvocation(command: Command, args: readonly string[]): ParsedCommandLine {
  const optionTypes = Object.fromEntries(Object.entries(command.options).map(([name, spec]) => [name, { type: spec.type }]));
  const { tokens } = parseArgs({
    args: [...args],
    options: { ...optionTypes, help: { type: 'boolean', short: 'h' } },
    strict: false,
    allowPositionals: true,
    tokens: true,
  });

  const options: Record<string, string | boolean> = {};
  const positionals: string[] = [];
  const passThrough: string[] = [];
  let help = false;
  let afterTerminator = false;
  for (const token of tokens) {
    if (token.kind === 'option-terminator') {
      afterTerminator = true;
    } else if (token.kind === 'positional') {
      (afterTerminator ? passThrough : positionals).push(token.value);
    } else if (token.name === 'help') {
      help = true;
    } else {
      const spec = command.options[token.name];
      if (spec === undefined) throw unknownOption(command, token.rawName);
      if (spec.type === 'string' && token.value === undefined) {
        throw new UsageError(`option '${token.rawName}' needs a value (${spec.valueName ?? 'VALUE'})`, command.name);
      }
      if (spec.type === 'boolean' && token.inlineValue === true && !(spec.inlineValues ?? []).includes(token.value ?? '')) {
        const allowed = spec.inlineValues === undefined ? 'takes no value' : `takes no value or one of: ${spec.inlineValues.join(', ')}`;
        throw new UsageError(`option '${token.rawName}' ${allowed}`, command.name);
      }
      options[token.name] = token.value ?? true;
    }
  }
  const invocation = { arguments: positionals, options, passThrough };
  if (!help) checkArgumentCount(command, invocation);
  return { help, invocation };
}

function unknownOption(command: Command, rawName: string): UsageError {
  const hint = suggestionHint(rawName, Object.keys(command.options).map((name) => `--${name}`));
  const message = `unknown option '${rawName}' for 'loom ${command.name}'${hint === undefined ? '' : `; ${hint}`}`;
  return new UsageError(message, command.name);
}

function checkArgumentCount(command: Command, invocation: Invocation): void {
  const given = invocation.arguments.length;
  const missing = command.arguments.slice(given).find((argument) => argument.optional !== true);
  if (missing !== undefined) throw new UsageError(`missing ${missing.name} for 'loom ${command.name}'`, command.name);
  const unexpected = invocation.arguments[command.arguments.length];
  if (unexpected !== undefined) throw new UsageError(`unexpected argument '${unexpected}' for 'loom ${command.name}'`, command.name);
  if (invocation.passThrough.length > 0 && command.passThrough === undefined) {
    throw new UsageError(`'loom ${command.name}' takes no arguments after '--'`, command.name);
  }
}
