import DOMPurify from 'dompurify';
import { marked } from 'marked';

/** `(slide 7)`, `(p. 12)`, as the answer engine cites material pages. */
const citation = /\((slide|p\.)\s*(\d{1,4})\)/g;

/**
 * The assistant's Markdown as safe HTML: rendered by marked, then sanitised by DOMPurify, so
 * no raw HTML from a model (or a transcript it quotes) ever reaches the page. Page citations
 * become in-page links the workspace resolves to the material's page text.
 */
export function renderMarkdown(markdown: string): string {
  const linked = markdown.replace(citation, (_match, kind: string, page: string) => `[(${kind === 'slide' ? 'slide' : 'p.'} ${page})](#page-${page})`);
  const html = marked.parse(linked, { async: false, gfm: true, breaks: false });
  return DOMPurify.sanitize(html, { USE_PROFILES: { html: true }, FORBID_ATTR: ['style'] });
}
