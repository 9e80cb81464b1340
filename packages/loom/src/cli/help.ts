import type { Command, OptionSpec } from './command.js';
import { wrapText } from './wrap.js';

const HELP_WIDTH_COLUMNS = 80;
const HELP_INDENT = '  ';
const COLUMN_GAP = '   ';

const HELP_OPTION = '-h, --help';

export function usageLine(command: Command): string {
  const parts = ['loom', command.name];
  for (const argument of command.arguments) parts.push(argument.optional === true ? `[${argument.name}]` : argument.name);
  for (const [name, spec] of Object.entries(command.options)) parts.push(`[${optionLabel(name, spec)}]`);
  if (command.passThrough !== undefined) parts.push(`[-- ${command.passThrough}...]`);
  return parts.join(' ');
}

function optionLabel(name: string, spec: OptionSpec): string {
  if (spec.type === 'string') return `--${name} ${spec.valueName ?? 'VALUE'}`;
  return spec.inlineValues === undefined ? `--${name}` : `--${name}[=${spec.inlineValues.join('|')}]`;
}

/** Rows of `label   text`, the text column aligned and wrapped. */
function table(rows: ReadonlyArray<readonly [string, string]>): string {
  const labelWidth = Math.max(...rows.map(([label]) => label.length));
  const textIndent = ' '.repeat(HELP_INDENT.length + labelWidth + COLUMN_GAP.length);
  return rows
    .map(([label, text]) => {
      const wrapped = wrapText(text, HELP_WIDTH_COLUMNS, textIndent).trimStart();
      return `${HELP_INDENT}${label.padEnd(labelWidth)}${COLUMN_GAP}${wrapped}`;
    })
    .join('\n');
}

export function globalHelp(commands: readonly Command[]): string {
  return [
    'loom - check and run Loom agent scripts (.nx)',
    '',
    'Usage: loom COMMAND [options]',
    '',
    'Commands:',
    table([...commands.map((command) => [command.name, command.summary] as const), ['help', 'Show the help of a command']]),
    '',
    'Options:',
    table([
      [HELP_OPTION, 'Show this help'],
      ['-V, --version', 'Print the version of loom'],
    ]),
    '',
    "Run 'loom help COMMAND' for the arguments and options of a command.",
    'Exit status: 0 success, 1 runtime error, 2 compile errors, 64 usage error.',
    '',
  ].join('\n');
}

export function commandHelp(command: Command): string {
  const options = Object.entries(command.options).map(([name, spec]) => [optionLabel(name, spec), spec.description] as const);
  return [
    `Usage: ${usageLine(command)}`,
    '',
    ...command.description.split('\n\n').flatMap((paragraph) => [wrapText(paragraph, HELP_WIDTH_COLUMNS), '']),
    'Options:',
    table([...options, [HELP_OPTION, 'Show this help']]),
    '',
  ].join('\n');
}
