/**
 * Reads a text file the program names (a skill file) without trusting its size: anything but a
 * regular file is refused before it is opened (a FIFO would block, a device never end), and at
 * most `maxBytes` + 1 bytes are read whatever the file claims, so a hostile or growing file costs
 * bounded memory. The text must be UTF-8; a leading byte order mark is dropped.
 */
import { closeSync, fstatSync, openSync, readSync, statSync } from 'node:fs';
import { readFailureReason } from './source-unreadable.js';

export type BoundedRead =
  | { readonly kind: 'text'; readonly text: string }
  | { readonly kind: 'missing' }
  | { readonly kind: 'unreadable'; readonly reason: string }
  | { readonly kind: 'too large'; readonly limit: number };

const UTF8_BYTE_ORDER_MARK = '\uFEFF';

export function readBoundedText(path: string, maxBytes: number): BoundedRead {
  let descriptor: number | undefined;
  try {
    const stat = statSync(path);
    if (!stat.isFile()) return { kind: 'unreadable', reason: stat.isDirectory() ? 'it is a directory' : 'it is not a regular file' };
    descriptor = openSync(path, 'r');
    if (fstatSync(descriptor).size > maxBytes) return { kind: 'too large', limit: maxBytes };
    const buffer = Buffer.alloc(maxBytes + 1);
    let length = 0;
    for (;;) {
      const read = readSync(descriptor, buffer, length, buffer.length - length, null);
      if (read === 0) break;
      length += read;
      if (length > maxBytes) return { kind: 'too large', limit: maxBytes };
    }
    const text = new TextDecoder('utf-8', { fatal: true }).decode(buffer.subarray(0, length));
    return { kind: 'text', text: text.startsWith(UTF8_BYTE_ORDER_MARK) ? text.slice(UTF8_BYTE_ORDER_MARK.length) : text };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { kind: 'missing' };
    if (error instanceof TypeError) return { kind: 'unreadable', reason: 'it is not UTF-8 text' };
    return { kind: 'unreadable', reason: readFailureReason(error) };
  } finally {
    if (descriptor !== undefined) closeSync(descriptor);
  }
}
