import DOMPurify from 'dompurify';
import { Marked } from 'marked';

const htmlEscapes: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => htmlEscapes[character] ?? character);

/**
 * Raw HTML inside the Markdown is shown as text, never parsed: an answer quoting a transcript
 * that contains `<img onerror=…>` must not even make the browser try its handler. DOMPurify
 * below is the second line, for whatever Markdown itself turns into HTML.
 */
const marked = new Marked({
  gfm: true,
  breaks: false,
  renderer: {
    html: ({ text }) => escapeHtml(text),
  },
});

/** `(slide 7)`, `(p. 12)`, as the answer engine cites material pages. */
const citation = /\((slide|p\.)\s*(\d{1,4})\)/g;

/**
 * The assistant's Markdown as safe HTML: rendered by marked, then sanitised by DOMPurify, so
 * no raw HTML from a model (or a transcript it quotes) ever reaches the page. Page citations
 * become in-page links the workspace resolves to the material's page text.
 */
export function renderMarkdown(markdown: string): string {
  const linked = markdown.replace(citation, (_match, kind: string, page: string) => `[(${kind === 'slide' ? 'slide' : 'p.'} ${page})](#page-${page})`);
  const html = marked.parse(linked, { async: false });
  return DOMPurify.sanitize(html, { USE_PROFILES: { html: true }, FORBID_ATTR: ['style'] });
}
