import { useMemo } from 'preact/hooks';
import { renderMarkdown } from '../markdown.js';

export interface MarkdownProps {
  markdown: string;
  /** A click on a page citation `(slide 7)` / `(p. 12)`. */
  onCitation?: (page: number) => void;
  testId?: string;
}

/** Markdown rendered and sanitised (markdown.ts); the only place the page sets HTML. */
export function Markdown({ markdown, onCitation, testId }: MarkdownProps) {
  const html = useMemo(() => renderMarkdown(markdown), [markdown]);
  const onClick = (event: MouseEvent) => {
    const link = (event.target as HTMLElement).closest('a');
    const match = /^#page-(\d+)$/.exec(link?.getAttribute('href') ?? '');
    if (match?.[1] && onCitation) {
      event.preventDefault();
      onCitation(Number(match[1]));
    }
  };
  return <div class="markdown" data-testid={testId} onClick={onClick} dangerouslySetInnerHTML={{ __html: html }} />;
}
