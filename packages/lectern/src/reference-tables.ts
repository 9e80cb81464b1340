/**
 * The tables of docs/api.md that restate code: the event frames of the WebSocket (from the bus
 * map and the connection frames) and the error codes with their statuses. A test compares the
 * committed page with these renderings, so the documentation cannot drift from the code;
 * `LECTERN_UPDATE_DOCS=1 npm test -- reference-tables` rewrites the page.
 */
import type { TSchema } from '@sinclair/typebox';
import type { EventCatalogue } from './platform/events.js';
import { busEvents } from './event-catalogue.js';
import { errorStatus } from './platform/errors.js';
import { connectionFrames } from './features/events/frames.js';

/** `data` in one phrase: a whole resource by name, or an object by its fields. */
function payloadSummary(schema: TSchema): string {
  if (typeof schema.$ref === 'string') return `the ${schema.$ref}`;
  const properties = schema.properties as Record<string, TSchema> | undefined;
  if (properties === undefined) return '—';
  const names = Object.keys(properties);
  return names.length === 0 ? '`{}`' : `\`{${names.join(', ')}}\``;
}

function eventRows(definitions: EventCatalogue, origin: string): string[] {
  return Object.entries(definitions).map(
    ([type, definition]) => `| \`${type}\` | ${origin} | ${payloadSummary(definition.data)} | ${definition.description} |`,
  );
}

export function renderEventTable(): string {
  return [
    '| type | sent | data | meaning |',
    '|---|---|---|---|',
    ...eventRows(busEvents, 'to every client (replayable)'),
    ...eventRows(connectionFrames, 'to one connection'),
  ].join('\n');
}

export function renderErrorTable(): string {
  const rows = Object.entries(errorStatus).map(([code, status]) => `| \`${code}\` | ${status} |`);
  return ['| error | status |', '|---|---|', ...rows].join('\n');
}
