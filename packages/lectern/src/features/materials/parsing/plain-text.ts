// Plain text and Markdown: decoded strictly (UTF-8, or UTF-16 with its byte-order mark), so
// a binary file of an unknown kind is refused instead of stored as mojibake.
import { materials as limits } from '../../../config.js';
import { decodeStrictText } from '../../../platform/strict-text.js';
import { MaterialRejected, tooManyCharacters, type ExtractedMaterial } from './extracted.js';
import { tidyText } from './text-layout.js';

const markdownExtensions: ReadonlySet<string> = new Set(['.md', '.markdown']);
/** Text content is accepted under these names only: an `.html` or `.csv` file is that format, not prose. */
const textExtensions: ReadonlySet<string> = new Set(['', '.txt', '.text', ...markdownExtensions]);
/** Control characters other than tab, LF, CR and form feed mark a binary file. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const BINARY_CONTROL = /[\u0000-\u0008\u000b\u000e-\u001f\u007f]/;
const HTML_START = /^\s*(?:<!doctype\s+html|<html[\s>])/i;

/** Text content under a name that says it is another format (.html, .csv) is refused. */
export function refuseTextExtension(extension: string): void {
  if (!textExtensions.has(extension)) {
    throw new MaterialRejected('unsupported', `${extension} files are not supported; upload a PDF, PPTX, DOCX, TXT or Markdown file`);
  }
}

export function extractPlainText(bytes: Uint8Array, extension: string): ExtractedMaterial {
  refuseTextExtension(extension);
  const text = decodeStrictText(bytes);
  if (text === null || BINARY_CONTROL.test(text)) {
    throw new MaterialRejected('unsupported', 'The file is neither a PDF, PPTX or DOCX document nor UTF-8 or UTF-16 text');
  }
  if (HTML_START.test(text)) throw new MaterialRejected('unsupported', 'HTML pages are not supported; upload a PDF, PPTX, DOCX, TXT or Markdown file');
  // Tidying removes only blanks, so a text with too many others is refused before it is
  // tidied: that would take several times the file's size in memory to learn the same.
  if (countNonBlank(text) > limits.charactersMax) throw tooManyCharacters();
  const contentType = markdownExtensions.has(extension) ? 'text/markdown' : 'text/plain';
  return { contentType, pageLabel: null, pages: [{ number: 1, text: tidyText(text.replace(/\f/g, '\n\n')) }] };
}

/** Characters other than whitespace and line ends (what `trim` removes), in UTF-16 code units like the limit. */
function countNonBlank(text: string): number {
  let blanks = 0;
  for (const run of text.matchAll(/\s+/g)) blanks += run[0].length;
  return text.length - blanks;
}
