import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';
import type { Entry } from '../api/client.js';
import { useWords } from './context.js';

/** Every row has this height (text clamped to two lines): what makes the list cheap to window. */
export const transcriptRowHeightPx = 52;
/** Rows rendered above and below the visible ones, so a quick scroll shows no blank. */
const overscanRows = 8;

function timeOf(iso: string): string {
  return new Date(iso).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit', second: '2-digit' });
}

/**
 * The live transcript, virtualised: only the rows in view are in the DOM, so a 2-hour class
 * (2,000+ entries) scrolls like a short one. It follows new entries while the reader is at
 * the bottom, and stays put when they scrolled up to read.
 */
export function Transcript({ entries }: { entries: readonly Entry[] }) {
  const words = useWords();
  const viewport = useRef<HTMLDivElement>(null);
  const [scrollTop, setScrollTop] = useState(0);
  const [height, setHeight] = useState(400);
  const following = useRef(true);

  useEffect(() => {
    const element = viewport.current;
    if (!element) return undefined;
    const observer = new ResizeObserver(() => setHeight(element.clientHeight));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  useLayoutEffect(() => {
    const element = viewport.current;
    if (element && following.current) {
      element.scrollTop = element.scrollHeight;
      setScrollTop(element.scrollTop);
    }
  }, [entries.length]);

  const onScroll = () => {
    const element = viewport.current;
    if (!element) return;
    following.current = element.scrollTop + element.clientHeight >= element.scrollHeight - transcriptRowHeightPx;
    setScrollTop(element.scrollTop);
  };

  const first = Math.max(0, Math.floor(scrollTop / transcriptRowHeightPx) - overscanRows);
  const last = Math.min(entries.length, Math.ceil((scrollTop + height) / transcriptRowHeightPx) + overscanRows);
  const rows = entries.slice(first, last);

  return (
    <div class="transcript" data-testid="transcript" data-count={entries.length} ref={viewport} onScroll={onScroll} role="log" aria-label={words.transcript}>
      {entries.length === 0 ? <p class="empty">{words.transcriptEmpty}</p> : null}
      <div class="transcript-spacer" style={{ height: `${entries.length * transcriptRowHeightPx}px` }}>
        {rows.map((entry, index) => (
          <div
            key={entry.id}
            class={`entry${entry.alert ? ` alert-${entry.alert.level}` : ''}`}
            data-entry-id={entry.id}
            style={{ transform: `translateY(${(first + index) * transcriptRowHeightPx}px)` }}
            title={entry.text}
          >
            <time>{timeOf(entry.created_at)}</time>
            <span class="entry-text">{entry.text}</span>
          </div>
        ))}
      </div>
    </div>
  );
}
