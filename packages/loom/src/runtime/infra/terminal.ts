/**
 * The person at the keyboard, for the std functions that ask one (`std.ask_human`): whether
 * standard input is a terminal someone can answer at, and a question asked on it. A program
 * run without a terminal (piped, in CI, under `loom serve`) gets NO_TERMINAL, so asking can
 * never wait for an answer that will not come.
 */
export interface Terminal {
  /** Whether a person can answer: standard input is a TTY. */
  readonly interactive: boolean;
  /** Asks `question` and resolves with the line typed (without its newline). */
  ask(question: string): Promise<string>;
}

export const NO_TERMINAL: Terminal = {
  interactive: false,
  ask: () => Promise.reject(new Error('no terminal to ask on')),
};
