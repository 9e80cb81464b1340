/** `std.time`: the current time as ISO text or Unix seconds, differences, formatting and sleeping. */
import { setTimeout as delay } from 'node:timers/promises';
import { number, text } from './arguments.js';
import type { StdFunctionsOf, StdNamespace } from './namespace.js';

const MS_PER_SECOND = 1000;

const time: StdFunctionsOf<'time'> = {
  now: () => new Date().toISOString(),
  time_now: () => new Date().toISOString(),
  timestamp: () => Math.floor(Date.now() / MS_PER_SECOND),
  time_timestamp: () => Math.floor(Date.now() / MS_PER_SECOND),
  sleep: async (seconds) => {
    await delay(number(seconds, 'the seconds') * MS_PER_SECOND);
    return null;
  },
  diff: (start, end) => (Date.parse(text(end, 'the end time')) - Date.parse(text(start, 'the start time'))) / MS_PER_SECOND,
  format: (iso, pattern) => formatTime(new Date(iso === undefined || iso === null ? Date.now() : text(iso, 'the time')), pattern === undefined ? '%Y-%m-%d %H:%M:%S' : text(pattern, 'the format')),
};

function formatTime(date: Date, pattern: string): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  const fields: Readonly<Record<string, string>> = {
    Y: String(date.getFullYear()), m: pad(date.getMonth() + 1), d: pad(date.getDate()),
    H: pad(date.getHours()), M: pad(date.getMinutes()), S: pad(date.getSeconds()),
  };
  return pattern.replace(/%([YmdHMS])/g, (_match, field: string) => fields[field]);
}

export const timeNamespace: StdNamespace<'time'> = {
  create: () => time,
  tools: {
    now: { description: 'The current date and time (ISO 8601)', parameters: {} },
    timestamp: { description: 'Seconds since the Unix epoch', parameters: {} },
    format: { description: 'Format an ISO time with strftime-style codes (%Y-%m-%d)', parameters: { time: 'string', pattern: 'string' } },
  },
};
