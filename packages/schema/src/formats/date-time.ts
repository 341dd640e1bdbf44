// RFC 3339 dates and times (the `date`, `time` and `date-time` formats of JSON Schema).

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^(\d{2}):(\d{2}):(\d{2})(?:\.\d+)?(?:[zZ]|[+-](\d{2}):(\d{2}))$/;
const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

function isLeapYear(year: number): boolean {
  return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
}

/** `2024-02-29`: a full date with a day that exists in that month. */
export function isDate(value: string): boolean {
  const match = DATE.exec(value);
  if (match === null) return false;
  const year = Number(match[1]);
  const month = Number(match[2]);
  const day = Number(match[3]);
  if (month < 1 || month > 12 || day < 1) return false;
  const limit = month === 2 && isLeapYear(year) ? 29 : (DAYS_IN_MONTH[month - 1] ?? 0);
  return day <= limit;
}

/** `13:45:00Z`, `13:45:00.5+02:00`: a time of day with a zone offset (leap seconds are not accepted). */
export function isTime(value: string): boolean {
  const match = TIME.exec(value);
  if (match === null) return false;
  const hour = Number(match[1]);
  const minute = Number(match[2]);
  const second = Number(match[3]);
  if (hour > 23 || minute > 59 || second > 59) return false;
  if (match[4] === undefined) return true;
  return Number(match[4]) <= 23 && Number(match[5]) <= 59;
}

/** `2024-02-29T13:45:00Z`: a date and a time separated by `T` (any case) or a space. */
export function isDateTime(value: string): boolean {
  const separator = value.charAt(10);
  if (separator !== 'T' && separator !== 't' && separator !== ' ') return false;
  return isDate(value.slice(0, 10)) && isTime(value.slice(11));
}
