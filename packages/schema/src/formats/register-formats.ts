import { FormatRegistry } from '@sinclair/typebox';
import { isDate, isDateTime, isTime } from './date-time.js';
import { isEmail } from './email.js';
import { isDuration, isUri, isUuid } from './identifiers.js';
import { isHostname, isIpv4, isIpv6 } from './network.js';

/** The string formats tool schemas use, with the check each gets unless the application registered its own. */
export const FORMAT_CHECKS: Readonly<Record<string, (value: string) => boolean>> = Object.freeze({
  'date-time': isDateTime,
  date: isDate,
  time: isTime,
  email: isEmail,
  uri: isUri,
  uuid: isUuid,
  ipv4: isIpv4,
  ipv6: isIpv6,
  hostname: isHostname,
  duration: isDuration,
});

/**
 * Adds the formats above to TypeBox's `FormatRegistry`. Safe to call any number of times; a format the
 * application registered first is kept as it is. Called by the validator before it compiles a schema.
 */
export function registerFormats(): void {
  for (const [name, check] of Object.entries(FORMAT_CHECKS)) {
    if (!FormatRegistry.Has(name)) FormatRegistry.Set(name, check);
  }
}
