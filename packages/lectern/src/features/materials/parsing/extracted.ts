// What a parse of one uploaded file yields, or why the file was refused.
import { materials as limits } from '../../../config.js';

/** What a material's numbered parts are called in citations: "(slide 7)", "(p. 12)". */
export type PageLabel = 'page' | 'slide';

export interface ExtractedPage {
  /** 1-based, as the document's reader sees it. */
  number: number;
  text: string;
}

export interface ExtractedMaterial {
  /** The sniffed format's media type, never the one the client declared. */
  contentType: string;
  /** null for plain text and DOCX, which have no pages of their own. */
  pageLabel: PageLabel | null;
  pages: ExtractedPage[];
}

/**
 * Why a file was refused. `unsupported` is a format Lectern does not read (415); every other
 * reason is a file of a supported format that cannot or must not be read (422).
 */
export type RejectionReason =
  | 'unsupported'
  | 'corrupt'
  | 'no_text'
  | 'encrypted'
  | 'too_many_pages'
  | 'too_many_characters'
  | 'archive_too_many_entries'
  | 'archive_too_large'
  | 'archive_suspicious_ratio'
  | 'streams_too_large'
  | 'streams_suspicious_ratio'
  | 'timeout'
  | 'out_of_memory';

export class MaterialRejected extends Error {
  constructor(
    readonly reason: RejectionReason,
    message: string,
  ) {
    super(message);
    this.name = 'MaterialRejected';
  }
}

/**
 * A file whose name claims a format Lectern reads but whose content is not a readable file of
 * it: a damaged or truncated upload (422), never an unsupported format (415).
 */
export function notValidFile(format: ContainerFormat, problem: string): MaterialRejected {
  return new MaterialRejected('corrupt', `Not a valid ${format} file: ${problem}`);
}

/** A file with more text than a material may hold; readers that can tell early refuse early. */
export function tooManyCharacters(): MaterialRejected {
  return new MaterialRejected('too_many_characters', `The file holds more than ${limits.charactersMax} characters of text`);
}

/** The formats Lectern reads out of a binary container. */
export type ContainerFormat = 'PDF' | 'PPTX' | 'DOCX';

/** The whole text of a material: its pages in order, a blank line between two. */
export function joinPages(pages: readonly ExtractedPage[]): string {
  return pages.map((page) => page.text).join('\n\n');
}
