/** `std.time`: the current time as ISO text or Unix seconds, differences, formatting and sleeping. */
import { setTimeout as delay } from 'node:timers/promises';
import { fail } from '../core/script-error.js';
import { number, text } from './arguments.js';
import type { StdFunctionsOf, StdNamespace } from './namespace.js';

const MS_PER_SECOND = 1000;
/** strftime codes of a time written without a format, as the stdlib reference's time_format. */
const DEFAULT_FORMAT = '%Y-%m-%d %H:%M:%S';

const now = (): string => new Date().toISOString();
const timestamp = (): number => Math.floor(Date.now() / MS_PER_SECOND);
const sleep = async (seconds: unknown): Promise<null> => {
  await delay(number(seconds, 'the seconds') * MS_PER_SECOND);
  return null;
};

// Loom's short names and the stdlib reference's `time_*` names; the reference's time_diff and
// time_format differ (a result with units, a required time) and are functions of their own.
const time: StdFunctionsOf<'time'> = {
  now,
  time_now: now,
  timestamp,
  time_timestamp: timestamp,
  sleep,
  time_sleep: sleep,
  diff: (start, end) => (Date.parse(text(end, 'the end time')) - Date.parse(text(start, 'the start time'))) / MS_PER_SECOND,
  time_diff: (start, end, unit) => timeDifference(start, end, unit),
  time_format: (iso, pattern) => formatTime(new Date(text(iso, 'the time')), pattern === undefined || pattern === null ? DEFAULT_FORMAT : text(pattern, 'the format')),
  format: (iso, pattern) => formatTime(new Date(iso === undefined || iso === null ? Date.now() : text(iso, 'the time')), pattern === undefined ? DEFAULT_FORMAT : text(pattern, 'the format')),
};

const SECONDS_PER_UNIT: Readonly<Record<string, number>> = { seconds: 1, minutes: 60, hours: 3600, days: 86_400 };

/** The reference's time_diff: the difference in `unit` (whole days for days), with days and seconds besides. */
function timeDifference(start: unknown, end: unknown, unit: unknown): Readonly<Record<string, unknown>> {
  const name = unit === undefined || unit === null ? 'seconds' : text(unit, 'the unit');
  const perUnit = SECONDS_PER_UNIT[name];
  if (perUnit === undefined) return fail(`time_diff's unit is seconds, minutes, hours or days, got '${name}'`);
  const seconds = (parseTime(end, 'the end time') - parseTime(start, 'the start time')) / MS_PER_SECOND;
  const days = Math.floor(seconds / SECONDS_PER_UNIT.days!);
  return { value: name === 'days' ? days : seconds / perUnit, unit: name, days, seconds };
}

function parseTime(value: unknown, what: string): number {
  const parsed = Date.parse(text(value, what));
  return Number.isNaN(parsed) ? fail(`${what} is not an ISO time: '${String(value)}'`) : parsed;
}

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
  parameters: { time_diff: ['start', 'end', 'unit'], time_format: ['iso_string', 'format'], time_sleep: ['seconds'] },
  tools: {
    now: { description: 'The current date and time (ISO 8601)', parameters: {} },
    timestamp: { description: 'Seconds since the Unix epoch', parameters: {} },
    format: { description: 'Format an ISO time with strftime-style codes (%Y-%m-%d)', parameters: { time: 'string', pattern: 'string' } },
  },
};
