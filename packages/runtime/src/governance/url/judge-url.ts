import { lookup as dnsLookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { describeBlockedAddress } from './private-address.js';

export interface ResolvedAddress {
  readonly address: string;
  readonly family: 4 | 6;
}

/** Resolves a host name to every address it has. The default asks the system resolver. */
export type HostLookup = (host: string) => Promise<readonly ResolvedAddress[]>;

export interface UrlOptions {
  readonly lookup?: HostLookup;
  /**
   * Host names (as WHATWG URL spells them: lower case, IPv6 without brackets) whose addresses are not
   * checked: a consumer's internal services, or a test server. They are still resolved.
   */
  readonly allowHosts?: readonly string[];
}

export type UrlJudgement =
  | {
      readonly allow: true;
      readonly url: URL;
      /** The host without IPv6 brackets or a trailing dot: what to connect to, and what domain rules match. */
      readonly host: string;
      /** Every address the host resolved to, all of them judged; connect only to these. */
      readonly addresses: readonly string[];
    }
  | { readonly allow: false; readonly code: 'denied'; readonly rule: string; readonly reason: string };

const REFUSED_TARGETS = 'private, loopback and link-local addresses cannot be fetched';

const deny = (rule: string, reason: string): UrlJudgement => ({ allow: false, code: 'denied', rule, reason });

export const defaultLookup: HostLookup = async (host) => {
  const found = await dnsLookup(host, { all: true, verbatim: true });
  return found.map(({ address, family }) => ({ address, family: family === 6 ? 6 : 4 }));
};

/** A host as compared with `allowHosts` and the localhost rule: no brackets, no trailing dot. */
export function bareHost(hostname: string): string {
  const unbracketed = hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;
  return unbracketed.replace(/\.+$/, '').toLowerCase();
}

/**
 * The Sandbox rule for network tools: only http and https, no credentials in the URL, and never a
 * private, loopback or link-local target. Names are resolved here and refused when any of their
 * addresses is blocked; the caller connects only to the addresses returned, so the answer a later DNS
 * query gives (rebinding) never matters.
 */
export async function judgeUrl(text: string, options: UrlOptions = {}): Promise<UrlJudgement> {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    const shown = text.length > 200 ? `${text.slice(0, 200)}…` : text;
    return deny(
      'url-invalid',
      `${JSON.stringify(shown)} is not a valid URL; give an absolute http or https URL such as https://example.com/.`,
    );
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return deny('url-scheme', `The scheme ${url.protocol} is not allowed; only http and https URLs can be fetched.`);
  }
  const host = bareHost(url.hostname);
  if (url.username !== '' || url.password !== '') {
    return deny(
      'url-credentials',
      `The URL for ${host} contains a user name or password; remove the credentials from the URL and try again.`,
    );
  }
  const exempt = (options.allowHosts ?? []).some((allowed) => bareHost(allowed) === host);
  if (!exempt && (host === 'localhost' || host.endsWith('.localhost'))) {
    return deny('url-localhost', `The host ${host} is this machine; ${REFUSED_TARGETS}.`);
  }
  if (isIP(host) !== 0) {
    const kind = exempt ? undefined : describeBlockedAddress(host);
    if (kind !== undefined) return deny('url-private-address', `The address ${host} is ${kind}; ${REFUSED_TARGETS}.`);
    return { allow: true, url, host, addresses: [host] };
  }
  let addresses: readonly string[];
  try {
    addresses = (await (options.lookup ?? defaultLookup)(host)).map((found) => found.address);
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    const why = typeof code === 'string' ? code : (error as Error).message;
    return deny('url-lookup-failed', `The host ${host} could not be resolved (${why}); check the host name.`);
  }
  if (addresses.length === 0) {
    return deny('url-lookup-failed', `The host ${host} could not be resolved (no addresses); check the host name.`);
  }
  if (!exempt) {
    for (const address of addresses) {
      const kind = describeBlockedAddress(address);
      if (kind !== undefined) {
        return deny('url-private-address', `The host ${host} resolves to ${address}, ${kind}; ${REFUSED_TARGETS}.`);
      }
    }
  }
  return { allow: true, url, host, addresses };
}
