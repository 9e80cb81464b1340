// What a child process (a speech tool, a parse process) said on stderr, kept only to explain
// its failure. Speech tools log every step, so only the tail is held, and the reason given is
// the last line they marked ERROR or FATAL rather than whatever happened to be last.

/** Enough for the last few log lines, whatever the tool said before. */
const TAIL_CHARS = 2000;
/** How much of one line goes into an error message: a tool may print a whole path list. */
const MESSAGE_LINE_CHARS = 300;
const ERROR_MARK = /ERROR|FATAL/;

export class StderrTail {
  #text = '';

  append(chunk: string): void {
    this.#text = (this.#text + chunk).slice(-TAIL_CHARS);
  }

  /** The last line marked ERROR or FATAL, cut to fit a message; undefined when there is none. */
  lastErrorLine(): string | undefined {
    return this.#text.split('\n').filter((line) => ERROR_MARK.test(line)).at(-1)?.slice(0, MESSAGE_LINE_CHARS);
  }

  /** Whether the tail says `text` anywhere. */
  includes(text: string): boolean {
    return this.#text.includes(text);
  }

  /** The last non-empty line, cut to fit a message; undefined when the tool said nothing. */
  lastLine(): string | undefined {
    return this.#text.split('\n').filter(Boolean).at(-1)?.slice(0, MESSAGE_LINE_CHARS);
  }
}
