/**
 * The terminal of the `loom` process for std.ask_human: interactive only when standard input
 * is a TTY; the question goes to stderr, so a program's stdout stays its own. node:readline is
 * loaded at the first question, not at start-up.
 */
import type { Terminal } from '../runtime/infra/terminal.js';

export function processTerminal(): Terminal {
  return {
    interactive: process.stdin.isTTY === true,
    async ask(question) {
      const { createInterface } = await import('node:readline/promises');
      const reader = createInterface({ input: process.stdin, output: process.stderr });
      try {
        return await reader.question(question);
      } finally {
        reader.close();
      }
    },
  };
}
