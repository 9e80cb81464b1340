// One uploaded file to text: the container is sniffed, the matching reader extracts pages,
// and the result is held to the contract's limits.
import { extname } from 'node:path';
import { materials as limits } from '../../../config.js';
import { MaterialRejected, notValidFile, tooManyCharacters, type ExtractedMaterial } from './extracted.js';
import { extractPlainText } from './plain-text.js';
import { claimedContainerFormat, refuseTextContent, sniffContainer } from './sniff.js';
import { GuardedZip } from './zip-guard.js';

export async function extractMaterial(bytes: Uint8Array, filename: string): Promise<ExtractedMaterial> {
  const material = await extractByContent(bytes, extname(filename).toLowerCase());
  if (material.pages.length > limits.pagesMax) {
    throw new MaterialRejected('too_many_pages', `The file has ${material.pages.length} pages; at most ${limits.pagesMax} are read`);
  }
  const characters = material.pages.reduce((sum, page) => sum + page.text.length, 0);
  if (characters > limits.charactersMax) {
    throw tooManyCharacters();
  }
  if (material.pages.every((page) => page.text.trim().length === 0)) {
    throw new MaterialRejected('no_text', 'The file has no text to read (a scan or only pictures?)');
  }
  return material;
}

async function extractByContent(bytes: Uint8Array, extension: string): Promise<ExtractedMaterial> {
  switch (sniffContainer(bytes)) {
    // Readers are loaded on demand: pdf.js alone is megabytes a worker reading a DOCX never needs.
    case 'pdf':
      return (await import('./pdf.js')).extractPdf(bytes);
    case 'text':
      refuseTextContent(bytes, extension);
      return extractPlainText(bytes, extension);
    case 'zip': {
      const claimed = claimedContainerFormat(extension);
      const zip = await openZip(bytes, claimed);
      if (zip.has('ppt/presentation.xml')) return (await import('./pptx.js')).extractPptx(zip);
      if (zip.has('word/document.xml')) return (await import('./docx.js')).extractDocx(zip, bytes);
      if (claimed === 'PPTX' || claimed === 'DOCX') {
        throw notValidFile(claimed, `the archive has no ${claimed === 'PPTX' ? 'ppt/presentation.xml' : 'word/document.xml'} (damaged, or not saved as ${claimed}?)`);
      }
      throw new MaterialRejected(
        'unsupported',
        zip.has('xl/workbook.xml')
          ? 'Spreadsheets are not supported; upload a PDF, PPTX, DOCX, TXT or Markdown file'
          : 'This is a zip archive, not a PPTX or DOCX document; upload the documents one by one',
      );
    }
  }
}

/** A zip that cannot be opened under a PPTX or DOCX name is a damaged file of that format, and says so. */
async function openZip(bytes: Uint8Array, claimed: ReturnType<typeof claimedContainerFormat>): Promise<GuardedZip> {
  try {
    return await GuardedZip.open(bytes);
  } catch (error) {
    if (error instanceof MaterialRejected && error.reason === 'corrupt' && (claimed === 'PPTX' || claimed === 'DOCX')) {
      throw notValidFile(claimed, 'its zip container cannot be read (truncated or damaged?)');
    }
    throw error;
  }
}
