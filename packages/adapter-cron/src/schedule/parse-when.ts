import { ToolError } from '@wesgine/schema';
import { Cron } from 'croner';
import type { CronWhen } from '../store/cron-store.js';
import { nextRun } from './next-run.js';

/** A date-time as ISO 8601 writes it: date, `T` or a space, time, and an optional offset. */
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3})\d*)?)?(Z|[+-]\d{2}:?\d{2})?$/i;

/**
 * Reads `cron.schedule`'s `when` (and `timezone`) into a schedule with a first run after `now`, or throws
 * `invalid_arguments` saying what to write instead.
 */
export function parseWhen(when: string, timezone: string | undefined, now: number): { when: CronWhen; first: number } {
  const zone = timezone === undefined ? undefined : checkedZone(timezone);
  const text = when.trim();
  if (/^\d{4}-\d{2}-\d{2}/.test(text)) return oneRun(text, zone, now);
  const schedule: CronWhen = { kind: 'cron', expression: text, ...(zone === undefined ? {} : { timezone: zone }) };
  try {
    new Cron(text, { paused: true }).stop();
  } catch (error) {
    const detail = String((error as Error).message ?? error).replace(/^Cron\w*:\s*/, '');
    throw new ToolError(
      'invalid_arguments',
      `when "${text}" is not a cron expression: ${detail}. Write five fields (minute hour day-of-month month day-of-week, e.g. "0 9 * * 1-5"), six with seconds first, @hourly/@daily/@weekly/@monthly/@yearly, or an ISO date-time for one run.`,
    );
  }
  const first = nextRun(schedule, now);
  if (first === undefined) {
    throw new ToolError(
      'invalid_arguments',
      `when "${text}" never matches a date (such as the 31st of February); check the day and month fields.`,
    );
  }
  return { when: schedule, first };
}

function oneRun(text: string, zone: string | undefined, now: number): { when: CronWhen; first: number } {
  const match = ISO_DATE.exec(text);
  if (match === null) {
    throw new ToolError(
      'invalid_arguments',
      `when "${text}" is not an ISO date-time; write it as 2026-12-24T09:00:00Z (or with an offset such as +01:00).`,
    );
  }
  const [, year, month, day, hour, minute, second = '0', fraction = '0', offset] = match;
  const fields = [year, month, day, hour, minute, second].map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const milliseconds = Number(fraction.padEnd(3, '0'));
  const local = Date.UTC(fields[0], fields[1] - 1, fields[2], fields[3], fields[4], fields[5], milliseconds);
  const check = new Date(local);
  if (
    check.getUTCFullYear() !== fields[0] ||
    check.getUTCMonth() !== fields[1] - 1 ||
    check.getUTCDate() !== fields[2] ||
    fields[3] > 23 ||
    fields[4] > 59 ||
    fields[5] > 59
  ) {
    throw new ToolError(
      'invalid_arguments',
      `when "${text}" is not a date that exists; check the day, month and time.`,
    );
  }
  let at: number;
  if (offset !== undefined) {
    at = local - offsetMinutes(offset) * 60_000;
  } else if (zone !== undefined) {
    at = local - zoneOffset(local, zone);
  } else {
    throw new ToolError(
      'invalid_arguments',
      `when "${text}" has no offset, so it could mean any time zone; add Z for UTC (${text}Z), an offset such as +01:00, or give timezone.`,
    );
  }
  if (at <= now) {
    throw new ToolError(
      'invalid_arguments',
      `when "${text}" is in the past (it is ${new Date(now).toISOString()} now); give a later date-time.`,
    );
  }
  return { when: { kind: 'once', at }, first: at };
}

function offsetMinutes(offset: string): number {
  if (offset.toUpperCase() === 'Z') return 0;
  const digits = offset.replace(':', '');
  const sign = digits.startsWith('-') ? -1 : 1;
  return sign * (Number(digits.slice(1, 3)) * 60 + Number(digits.slice(3, 5)));
}

/** How far `zone` is ahead of UTC at the wall-clock time `local` (read as if it were UTC), in ms. */
function zoneOffset(local: number, zone: string): number {
  const guess = local - offsetAt(local, zone);
  return offsetAt(guess, zone);
}

function offsetAt(instant: number, zone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(instant));
  const part = (type: string) => Number(parts.find((entry) => entry.type === type)?.value);
  const wall = Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'), part('second'));
  return wall - Math.floor(instant / 1000) * 1000;
}

function checkedZone(timezone: string): string {
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: timezone }).resolvedOptions().timeZone;
  } catch {
    throw new ToolError(
      'invalid_arguments',
      `timezone "${timezone}" is not a time zone; give an IANA name such as "Europe/Berlin" or "America/New_York", or leave it out for UTC.`,
    );
  }
}
