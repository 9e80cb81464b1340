/**
 * `img("path")`: an image read from a file, to hand to a vision model with `A.run("describe
 * this", picture)`. The file is read when `img` is called, relative to the project root and
 * confined to it as std.fs is (a missing file, a file outside the project, or a file that is
 * not a JPEG, PNG, GIF or WebP image by its first bytes, is an E105 at the `img` call, not a
 * surprise at the model). An agent call with images among its arguments sends them beside the
 * text of the other arguments as one user message; each provider client writes them in its
 * own wire form (providers/*.ts). Where the answer is remembered or handed on as text, an image
 * reads as `[image PATH]`.
 */
import { readFileSync } from 'node:fs';
import { fail } from '../core/script-error.js';
import type { FileConfinement } from '../std/fs-confinement.js';
import { display } from '../core/values.js';

/** The image formats the vision APIs of every built-in provider take, by their leading bytes. */
const SIGNATURES: readonly { readonly mediaType: string; readonly matches: (bytes: Buffer) => boolean }[] = [
  { mediaType: 'image/jpeg', matches: (bytes) => bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff },
  { mediaType: 'image/png', matches: (bytes) => bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) },
  { mediaType: 'image/gif', matches: (bytes) => bytes.subarray(0, 4).toString('latin1') === 'GIF8' },
  { mediaType: 'image/webp', matches: (bytes) => bytes.subarray(0, 4).toString('latin1') === 'RIFF' && bytes.subarray(8, 12).toString('latin1') === 'WEBP' },
];

export class ImageInput {
  constructor(readonly path: string, readonly mediaType: string, readonly base64: string) {}

  /** `data:image/png;base64,...`, the form OpenAI-compatible APIs take. */
  get dataUrl(): string {
    return `data:${this.mediaType};base64,${this.base64}`;
  }

  loomDisplay(): string {
    return `[image ${this.path}]`;
  }

  toJSON(): string {
    return this.loomDisplay();
  }
}

export function readImage(path: unknown, confinement: FileConfinement): ImageInput {
  if (typeof path !== 'string') return fail(`img() needs the path of an image file, got ${display(path)}`);
  const file = confinement.resolve(path);
  let bytes: Buffer;
  try {
    bytes = readFileSync(file);
  } catch (error) {
    return fail(`img("${path}"): cannot read the file: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
  const format = SIGNATURES.find((signature) => signature.matches(bytes));
  if (format === undefined) return fail(`img("${path}"): not a JPEG, PNG, GIF or WebP image`);
  return new ImageInput(path, format.mediaType, bytes.toString('base64'));
}

/** The input of one agent call: its text and the images among its arguments. */
export interface AgentInput {
  readonly text: string;
  readonly images: readonly ImageInput[];
}

/** Several run arguments, some of them images: what `A.run(a, b)` passes on as one input. */
export class MultimodalInput implements AgentInput {
  constructor(readonly text: string, readonly images: readonly ImageInput[]) {}

  loomDisplay(): string {
    return [this.text, ...this.images.map((image) => image.loomDisplay())].filter((part) => part !== '').join(' ');
  }

  toJSON(): string {
    return this.loomDisplay();
  }
}
