/**
 * Text from bytes, or null when the bytes are not text: UTF-8, or UTF-16 with its byte-order
 * mark, decoded strictly, so a binary file is refused instead of read as mojibake.
 */
export function decodeStrictText(bytes: Uint8Array): string | null {
  const [first, second] = [bytes[0], bytes[1]];
  const label = first === 0xff && second === 0xfe ? 'utf-16le' : first === 0xfe && second === 0xff ? 'utf-16be' : 'utf-8';
  try {
    // TextDecoder drops a matching byte-order mark itself.
    return new TextDecoder(label, { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}
