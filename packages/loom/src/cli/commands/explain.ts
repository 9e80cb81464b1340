import { ERROR_CODES, ERROR_REGISTRY, LINT_CODES, LINT_REGISTRY, isErrorCode, isLintCode } from '../../errors.js';
import { UsageError } from '../command.js';
import type { Command } from '../command.js';
import { ExitCode } from '../exit-codes.js';
import { wrapText } from '../wrap.js';

const EXPLANATION_WIDTH_COLUMNS = 80;
const EXPLANATION_INDENT = '  ';

function section(heading: string, text: string): string {
  return `${heading}:\n${wrapText(text, EXPLANATION_WIDTH_COLUMNS, EXPLANATION_INDENT)}`;
}

function explanation(code: string): string | undefined {
  if (isErrorCode(code)) {
    const { family, title, cause, remedy } = ERROR_REGISTRY[code];
    return `${code} ${family}: ${title}\n\n${section('Cause', cause)}\n\n${section('Remedy', remedy)}\n`;
  }
  if (isLintCode(code)) {
    const { title, remedy } = LINT_REGISTRY[code];
    return `${code} lint warning: ${title}\n\n${section('Remedy', remedy)}\n`;
  }
  return undefined;
}

export const explainCommand: Command = {
  name: 'explain',
  summary: 'Explain an error or lint code: what causes it and how to fix it',
  description:
    `Prints the family, title, cause and remedy of an error CODE (${ERROR_CODES[0]} to ${ERROR_CODES.at(-1)}), ` +
    `or the title and remedy of a lint warning (${LINT_CODES[0]} to ${LINT_CODES.at(-1)}), as listed in docs/loom/errors.md.`,
  arguments: [{ name: 'CODE' }],
  options: {},
  async run({ arguments: [given] }, io) {
    const text = explanation(given.toUpperCase());
    if (text === undefined) {
      throw new UsageError(`unknown code '${given}'; the codes are ${[...ERROR_CODES, ...LINT_CODES].join(', ')}`, 'explain');
    }
    io.stdout.write(text);
    return ExitCode.ok;
  },
};
