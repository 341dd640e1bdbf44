import { describe, expect, it } from 'vitest';
import { isDate, isDateTime, isTime } from './date-time.js';

describe('date, time and date-time formats', () => {
  it.each(['2024-02-29', '2023-12-31', '0001-01-01'])('accepts the date %s', (value) => {
    expect(isDate(value)).toBe(true);
  });

  it.each(['2023-02-29', '2024-04-31', '2024-13-01', '2024-00-10', '2024-1-01', '24-01-01', '2024-01-01T00:00:00Z'])(
    'rejects the date %s',
    (value) => {
      expect(isDate(value)).toBe(false);
    },
  );

  it.each(['13:45:00Z', '00:00:00.123+02:00', '23:59:59-11:30', '08:15:30z'])('accepts the time %s', (value) => {
    expect(isTime(value)).toBe(true);
  });

  it.each(['13:45:00', '24:00:00Z', '12:60:00Z', '12:00:60Z', '12:00Z', '12:00:00+24:00', '12:00:00+0200'])(
    'rejects the time %s',
    (value) => {
      expect(isTime(value)).toBe(false);
    },
  );

  it.each(['2024-05-01T13:45:00Z', '2024-05-01t13:45:00.5+01:00', '2024-05-01 13:45:00Z'])(
    'accepts the date-time %s',
    (value) => {
      expect(isDateTime(value)).toBe(true);
    },
  );

  it.each(['2024-05-01', '2024-05-01T13:45:00', '2024-02-30T13:45:00Z', '2024-05-01X13:45:00Z', 'yesterday'])(
    'rejects the date-time %s',
    (value) => {
      expect(isDateTime(value)).toBe(false);
    },
  );
});
