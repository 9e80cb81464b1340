// PDF through pdf.js: one page per page, the text in the order of the page's content, a line
// break wherever pdf.js sees the end of a line. Its streams unpack under the file's budget.
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { materials as limits } from '../../../config.js';
import { MaterialRejected, notValidFile, tooManyCharacters, type ExtractedMaterial, type ExtractedPage } from './extracted.js';
import { withStreamBudget } from './pdf-stream-budget.js';
import { tidyText } from './text-layout.js';
import type { UnpackBudget } from './unpack-budget.js';

export const PDF_CONTENT_TYPE = 'application/pdf';

/** pdf.js names its errors; these two say what the user has to hear. */
const PASSWORD_ERROR = 'PasswordException';

export function extractPdf(bytes: Uint8Array): Promise<ExtractedMaterial> {
  return withStreamBudget(bytes.byteLength, (budget) => readPdf(bytes, budget));
}

async function readPdf(bytes: Uint8Array, budget: UnpackBudget): Promise<ExtractedMaterial> {
  const task = getDocument({
    // pdf.js takes ownership of (detaches) the buffer it is given; it gets a copy.
    data: new Uint8Array(bytes),
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    verbosity: 0,
  });
  let document: Awaited<typeof task.promise>;
  try {
    document = await task.promise;
  } catch (error) {
    if (budget.refusal) throw budget.refusal;
    if (error instanceof Error && error.name === PASSWORD_ERROR) {
      throw new MaterialRejected('encrypted', 'The PDF is protected by a password; upload an unlocked copy');
    }
    // Not pdf.js's own words: a refusal never quotes what the file holds.
    throw notValidFile('PDF', 'its structure cannot be read (truncated or damaged?)');
  }
  try {
    if (document.numPages > limits.pagesMax) {
      throw new MaterialRejected('too_many_pages', `The PDF has ${document.numPages} pages; at most ${limits.pagesMax} are read`);
    }
    const pages: ExtractedPage[] = [];
    let characters = 0;
    for (let number = 1; number <= document.numPages; number++) {
      const page = await document.getPage(number);
      const content = await page.getTextContent();
      let text = '';
      for (const item of content.items) {
        if (!('str' in item)) continue;
        text += item.str;
        if (item.hasEOL) text += '\n';
      }
      page.cleanup();
      // pdf.js may carry on past a decoder that refused, with the page's text cut short.
      if (budget.refusal) throw budget.refusal;
      const tidy = tidyText(text);
      characters += tidy.length;
      // Stop early: a page-bomb PDF must not be read to its end to learn it is too long.
      if (characters > limits.charactersMax) {
        throw tooManyCharacters();
      }
      pages.push({ number, text: tidy });
    }
    return { contentType: PDF_CONTENT_TYPE, pageLabel: 'page', pages };
  } catch (error) {
    if (budget.refusal) throw budget.refusal;
    if (error instanceof MaterialRejected) throw error;
    throw notValidFile('PDF', 'a page cannot be read (damaged or truncated?)');
  } finally {
    // Not awaited: destroy() waits for pdf.js's in-thread worker to wind down (seconds), and
    // this thread is terminated as soon as its answer is posted.
    void document.destroy();
  }
}
