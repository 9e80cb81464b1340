import { ERROR_CODES, ERROR_REGISTRY, isErrorCode } from '../../errors.js';
import { UsageError } from '../command.js';
import type { Command } from '../command.js';
import { ExitCode } from '../exit-codes.js';
import { wrapText } from '../wrap.js';

const EXPLANATION_WIDTH_COLUMNS = 80;
const EXPLANATION_INDENT = '  ';

export const explainCommand: Command = {
  name: 'explain',
  summary: 'Explain an error code: what causes it and how to fix it',
  description: `Prints the family, title, cause and remedy of CODE (${ERROR_CODES[0]} to ${ERROR_CODES.at(-1)}), as listed in docs/loom/errors.md.`,
  arguments: [{ name: 'CODE' }],
  options: {},
  async run({ arguments: [given] }, io) {
    const code = given.toUpperCase();
    if (!isErrorCode(code)) {
      throw new UsageError(`unknown error code '${given}'; the codes are ${ERROR_CODES.join(', ')}`);
    }
    const { family, title, cause, remedy } = ERROR_REGISTRY[code];
    const section = (heading: string, text: string): string =>
      `${heading}:\n${wrapText(text, EXPLANATION_WIDTH_COLUMNS, EXPLANATION_INDENT)}`;
    io.stdout.write(`${code} ${family}: ${title}\n\n${section('Cause', cause)}\n\n${section('Remedy', remedy)}\n`);
    return ExitCode.ok;
  },
};
