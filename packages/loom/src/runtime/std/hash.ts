/** `std.hash`: digests and base64 of the text of a value. */
import { createHash } from 'node:crypto';
import { display } from '../core/values.js';
import { text } from './arguments.js';
import type { StdFunctionsOf, StdNamespace } from './namespace.js';

/** The hex digest of a value's text with `algorithm`. */
const digest = (algorithm: 'md5' | 'sha256') => (value: unknown): string => createHash(algorithm).update(display(value)).digest('hex');

const hash: StdFunctionsOf<'hash'> = {
  md5: digest('md5'),
  sha256: digest('sha256'),
  // The stdlib reference's names for the same digests.
  hash_md5: digest('md5'),
  hash_sha256: digest('sha256'),
  base64_encode: (value) => Buffer.from(display(value)).toString('base64'),
  base64_decode: (value) => Buffer.from(text(value, 'the text'), 'base64').toString('utf8'),
};

export const hashNamespace: StdNamespace<'hash'> = {
  create: () => hash,
  parameters: { hash_md5: ['text'], hash_sha256: ['text'], base64_encode: ['text'], base64_decode: ['text'] },
  tools: {
    sha256: { description: 'SHA-256 of text, in hex', parameters: { text: 'string' } },
    md5: { description: 'MD5 of text, in hex', parameters: { text: 'string' } },
    base64_encode: { description: 'Encode text as base64', parameters: { text: 'string' } },
    base64_decode: { description: 'Decode base64 to text', parameters: { text: 'string' } },
  },
};
