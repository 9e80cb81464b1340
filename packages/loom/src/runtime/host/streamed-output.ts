/**
 * `stream: true` in a running program: the agent's answer appears on stdout piece by piece
 * while the model writes it, which is what the property is for. The usual next statement,
 * `print(answer)`, would then show the answer a second time; a print whose text is exactly
 * the answer just streamed only ends its line instead. Any other output first ends a line
 * that streamed text left open, so it never runs on after the answer.
 */
export interface StreamedAnswer {
  write(text: string): void;
  /** The call succeeded: its whole answer is what was streamed. */
  finish(): void;
}

export class StreamedOutput {
  /** Streamed text left stdout in the middle of a line. */
  private lineOpen = false;
  /** The answer streamed last, while nothing else was printed after it. */
  private lastAnswer: string | undefined;

  constructor(private readonly write: (text: string) => void) {}

  /** The stdout side of one streaming agent call. */
  begin(): StreamedAnswer {
    this.endLine();
    this.lastAnswer = undefined;
    let streamed = '';
    return {
      write: (text) => {
        if (text === '') return;
        streamed += text;
        this.lineOpen = !text.endsWith('\n');
        this.write(text);
      },
      finish: () => {
        this.lastAnswer = streamed;
      },
    };
  }

  /** One printed line (without its newline). */
  print(line: string): void {
    const repeatsAnswer = this.lastAnswer !== undefined && line === this.lastAnswer;
    this.lastAnswer = undefined;
    this.endLine();
    if (!repeatsAnswer) this.write(`${line}\n`);
  }

  /** Ends a line streamed text left open; at the end of the program and before other output. */
  endLine(): void {
    if (this.lineOpen) this.write('\n');
    this.lineOpen = false;
  }
}
