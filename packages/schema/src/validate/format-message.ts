import { FormatRegistry } from '@sinclair/typebox';
import { describeValue } from './describe-value.js';

const FORMAT_PHRASES: Readonly<Record<string, string>> = {
  'date-time': 'an RFC 3339 date-time such as "2024-05-01T13:45:00Z"',
  date: 'a date such as "2024-05-01"',
  time: 'a time with a zone offset such as "13:45:00Z"',
  email: 'an email address such as "name@example.com"',
  uri: 'an absolute URI such as "https://example.com/page"',
  uuid: 'a UUID such as "123e4567-e89b-12d3-a456-426614174000"',
  ipv4: 'an IPv4 address such as "192.0.2.1"',
  ipv6: 'an IPv6 address such as "2001:db8::1"',
  hostname: 'a host name such as "example.com"',
  duration: 'an ISO 8601 duration such as "PT1H30M"',
};

/**
 * Runs the check registered in TypeBox's `FormatRegistry` (looked up on each call, so a format registered
 * later applies). A format nobody registered is an annotation, as JSON Schema 2020-12 treats `format`:
 * MCP servers send formats such as `password` or `int64` that no one can check, and that must not make
 * every call fail. (TypeBox's own compiler rejects every value instead; such schemas are not checked by it.)
 */
export function checkFormat(format: string, value: string): boolean {
  const check = FormatRegistry.Get(format);
  return check === undefined || check(value);
}

/** The message for a string that is not in `format`. */
export function formatMessage(format: string, value: unknown): string {
  return `must be ${FORMAT_PHRASES[format] ?? `in the format "${format}"`}, got ${describeValue(value)}`;
}
