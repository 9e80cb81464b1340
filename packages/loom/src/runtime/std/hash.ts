/** `std.hash`: digests and base64 of the text of a value. */
import { createHash } from 'node:crypto';
import { display } from '../core/values.js';
import { text } from './arguments.js';
import type { StdFunctionsOf, StdNamespace } from './namespace.js';

const hash: StdFunctionsOf<'hash'> = {
  md5: (value) => createHash('md5').update(display(value)).digest('hex'),
  sha256: (value) => createHash('sha256').update(display(value)).digest('hex'),
  hash_md5: (value) => createHash('md5').update(display(value)).digest('hex'),
  hash_sha256: (value) => createHash('sha256').update(display(value)).digest('hex'),
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
