import { ToolError } from '@wesgine/schema';
import type { WebResult } from './web-search-provider.js';

export interface DomainFilter {
  readonly allowed: readonly string[];
  readonly blocked: readonly string[];
}

const LABEL = /^[a-z0-9_](?:[a-z0-9_-]*[a-z0-9_])?$/;

/**
 * A domain as the model may write it (`Example.com`, `*.example.com`, `.example.com`,
 * `https://example.com/docs`) reduced to its host name; anything that is not a host name is an
 * `invalid_arguments` error naming the entry and the parameter.
 */
export function normalizeDomain(entry: string, parameter: string): string {
  let text = entry.trim().toLowerCase();
  if (/^[a-z][a-z0-9+.-]*:\/\//.test(text)) {
    try {
      text = new URL(text).hostname;
    } catch {
      // Falls through to the check below, which names the entry.
    }
  }
  text = text.replace(/^\*?\./, '').replace(/\.$/, '');
  const labels = text.split('.');
  if (text.length === 0 || text.length > 253 || !labels.every((label) => label.length <= 63 && LABEL.test(label))) {
    throw new ToolError(
      'invalid_arguments',
      `${parameter} has ${JSON.stringify(entry)}, which is not a domain; give host names such as example.com (a domain also covers its subdomains).`,
    );
  }
  return text;
}

/** Whether `host` is `domain` or one of its subdomains (`docs.example.com` is in `example.com`). */
export function inDomain(host: string, domain: string): boolean {
  return host === domain || host.endsWith(`.${domain}`);
}

/** The host of a result's URL, lower case without a trailing dot; `undefined` for a URL that does not parse. */
export function hostOf(url: string): string | undefined {
  try {
    return new URL(url).hostname.replace(/\.$/, '').toLowerCase();
  } catch {
    return undefined;
  }
}

/**
 * Whether a result passes both lists: in one of the allowed domains (when any are given) and in none of
 * the blocked ones. A result whose URL does not parse passes only when neither list is given.
 */
export function passes(result: WebResult, filter: DomainFilter): boolean {
  if (filter.allowed.length === 0 && filter.blocked.length === 0) return true;
  const host = hostOf(result.url);
  if (host === undefined) return false;
  if (filter.allowed.length > 0 && !filter.allowed.some((domain) => inDomain(host, domain))) return false;
  return !filter.blocked.some((domain) => inDomain(host, domain));
}
