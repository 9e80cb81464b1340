// The format of an upload, judged from its first bytes: the filename and the multipart type
// are the client's word, the content is not.
import { MaterialRejected, notValidFile, type ContainerFormat } from './extracted.js';
import { refuseTextExtension } from './plain-text.js';

export type SniffedContainer = 'pdf' | 'zip' | 'text';

const startsWith = (bytes: Uint8Array, signature: readonly number[], at = 0): boolean =>
  signature.every((byte, i) => bytes[at + i] === byte);

/** Formats recognised only to be refused with a precise message. */
const refusedSignatures: readonly { signature: number[]; what: string }[] = [
  // OLE2 compound file: .doc/.ppt/.xls, and also a password-protected .docx/.pptx.
  { signature: [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1], what: 'a legacy Office file (.doc, .ppt, .xls) or a password-protected Office file' },
  { signature: [0x1f, 0x8b], what: 'a gzip archive' },
  { signature: [0x52, 0x61, 0x72, 0x21], what: 'a RAR archive' },
  { signature: [0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c], what: 'a 7-Zip archive' },
  { signature: [0x89, 0x50, 0x4e, 0x47], what: 'a PNG image' },
  { signature: [0xff, 0xd8, 0xff], what: 'a JPEG image' },
  { signature: [0x47, 0x49, 0x46, 0x38], what: 'a GIF image' },
  { signature: [0x7b, 0x5c, 0x72, 0x74, 0x66], what: 'an RTF document' },
];

/** A PDF header may follow a little junk; readers look for it in the first kilobyte. */
const PDF_HEADER_WINDOW_BYTES = 1024;
const PDF_MAGIC = Buffer.from('%PDF-');
const ZIP_LOCAL_HEADER = [0x50, 0x4b, 0x03, 0x04];
const ZIP_EMPTY_ARCHIVE = [0x50, 0x4b, 0x05, 0x06];

export function sniffContainer(bytes: Uint8Array): SniffedContainer {
  if (Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.length, PDF_HEADER_WINDOW_BYTES)).includes(PDF_MAGIC)) return 'pdf';
  if (startsWith(bytes, ZIP_LOCAL_HEADER) || startsWith(bytes, ZIP_EMPTY_ARCHIVE)) return 'zip';
  for (const { signature, what } of refusedSignatures) {
    if (startsWith(bytes, signature)) throw new MaterialRejected('unsupported', `This is ${what}; upload a PDF, PPTX, DOCX, TXT or Markdown file`);
  }
  return 'text';
}

const containerFormatByExtension: ReadonlyMap<string, ContainerFormat> = new Map([
  ['.pdf', 'PDF'],
  ['.pptx', 'PPTX'],
  ['.docx', 'DOCX'],
]);

/** The container format a file's name claims, if it names one Lectern reads. */
export function claimedContainerFormat(extension: string): ContainerFormat | null {
  return containerFormatByExtension.get(extension) ?? null;
}

/**
 * Content of no recognised container, under its name. A `.pdf`, `.pptx` or `.docx` name says
 * the file was meant to be one: it is a damaged or truncated one (422), not an unsupported
 * format. Any other name that is not a text one (`.html`, `.csv`) is a format Lectern does
 * not read (415).
 */
export function refuseTextContent(bytes: Uint8Array, extension: string): void {
  const format = claimedContainerFormat(extension);
  if (format) {
    throw notValidFile(format, bytes.length === 0 ? 'the file is empty' : `its content is not a ${format} document (truncated or damaged?)`);
  }
  refuseTextExtension(extension);
}

/**
 * The refusals the first bytes and the name decide, checked on the server's thread before a
 * worker is started: a .ppt or a .zip costs no parse.
 */
export function refuseAtOnce(bytes: Uint8Array, extension: string): void {
  if (sniffContainer(bytes) === 'text') refuseTextContent(bytes, extension);
}
