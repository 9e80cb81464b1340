const LINE_FEED = 0x0a;
const CARRIAGE_RETURN = 0x0d;

/**
 * Incremental server-sent-events decoder (WHATWG "event stream interpretation", `data` field
 * only): bytes in as they arrive, the `data` payload of every completed event out.
 *
 * Network chunks cut anywhere, so it carries across pushes: a multi-byte UTF-8 character
 * (streaming TextDecoder), a half line, an event's earlier `data` lines, and a CR whose LF
 * arrives in the next chunk. Lines end in LF, CRLF or CR; `:` lines are comments (keepalives).
 */
export class SseDecoder {
  readonly #text = new TextDecoder('utf-8');
  /** Text after the last line break, waiting for the rest of its line. */
  #partialLine = '';
  /** `data` lines of the event being assembled; null until the event has one. */
  #dataLines: string[] | null = null;
  #dataChars = 0;
  /** The last chunk ended with CR: an LF opening the next one completes that CRLF, not a blank line. */
  #lineFeedMayFollow = false;

  /** Characters held for events not yet complete; lets the caller cap an event that never ends. */
  get bufferedChars(): number {
    return this.#partialLine.length + this.#dataChars;
  }

  /** Payloads of the events this chunk completes, in order. */
  push(chunk: Uint8Array): string[] {
    let text = this.#text.decode(chunk, { stream: true });
    if (text === '') return [];
    if (this.#lineFeedMayFollow && text.charCodeAt(0) === LINE_FEED) text = text.slice(1);
    this.#lineFeedMayFollow = false;

    const payloads: string[] = [];
    let lineStart = 0;
    for (let index = 0; index < text.length; index++) {
      const code = text.charCodeAt(index);
      if (code !== LINE_FEED && code !== CARRIAGE_RETURN) continue;
      const line = lineStart === 0 ? this.#partialLine + text.slice(0, index) : text.slice(lineStart, index);
      this.#partialLine = '';
      this.#interpret(line, payloads);
      if (code === CARRIAGE_RETURN) {
        if (index + 1 === text.length) this.#lineFeedMayFollow = true;
        else if (text.charCodeAt(index + 1) === LINE_FEED) index++;
      }
      lineStart = index + 1;
    }
    this.#partialLine = lineStart === 0 ? this.#partialLine + text : text.slice(lineStart);
    return payloads;
  }

  #interpret(line: string, payloads: string[]): void {
    if (line === '') {
      if (this.#dataLines !== null) payloads.push(this.#dataLines.join('\n'));
      this.#dataLines = null;
      this.#dataChars = 0;
      return;
    }
    if (line.charCodeAt(0) === 0x3a /* ':' */) return;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    if (field !== 'data') return;
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    (this.#dataLines ??= []).push(value);
    this.#dataChars += value.length;
  }
}
