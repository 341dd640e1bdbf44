import { isHostname } from './network.js';

// The dot-atom form of an address (RFC 5321 without quoted local parts or address literals): what a tool
// that sends mail can actually use.
const LOCAL_PART = /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/i;

/** `name@example.com`: a local part of at most 64 characters, `@`, and a host name with at least one dot. */
export function isEmail(value: string): boolean {
  const at = value.lastIndexOf('@');
  if (at < 1 || value.length > 254) return false;
  const local = value.slice(0, at);
  const domain = value.slice(at + 1);
  return local.length <= 64 && LOCAL_PART.test(local) && domain.includes('.') && isHostname(domain);
}
