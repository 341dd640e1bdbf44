import { isIP } from 'node:net';
import { judgeUrl } from '../../governance/url/judge-url.js';

export type GateDecision =
  | { readonly allow: true; readonly host: string; readonly addresses: readonly string[] }
  | { readonly allow: false; readonly reason: string };

/** Judges one origin a page wants to reach: may it, and at which addresses. */
export type RequestGate = (url: URL) => Promise<GateDecision>;

/**
 * The governance of a page's own requests. `checkUrl` (the call's context) says whether the URL may be
 * reached at all: scheme, private addresses after DNS, allowed hosts, the Zone. Then the addresses to
 * connect to are fixed here, so the browser never resolves a name itself and a second DNS answer
 * (rebinding) cannot matter:
 * - a host the strict rule accepts (every address public) is reached at the addresses that rule saw;
 * - a host the strict rule refuses but `checkUrl` allows is exempted by the cell (`allowHosts`): an IP
 *   literal is reached as it is; a name only at addresses that are themselves allowed, so a name cannot
 *   be re-pointed at a private address that was never allowed.
 * Decisions are kept per origin for the call.
 */
export function requestGate(checkUrl: (url: string) => Promise<string | undefined>): RequestGate {
  const decided = new Map<string, Promise<GateDecision>>();
  return (url) => {
    const key = `${url.protocol}//${url.host}`;
    let decision = decided.get(key);
    if (decision === undefined) {
      decision = decide(url, checkUrl).catch((error: unknown) => ({
        allow: false as const,
        reason: `it could not be judged (${(error as Error).message})`,
      }));
      decided.set(key, decision);
    }
    return decision;
  };
}

async function decide(url: URL, checkUrl: (url: string) => Promise<string | undefined>): Promise<GateDecision> {
  const href = url.href;
  const refused = await checkUrl(href);
  if (refused !== undefined) return { allow: false, reason: refused };
  const strict = await judgeUrl(href);
  if (strict.allow) return { allow: true, host: strict.host, addresses: strict.addresses };
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host) !== 0) return { allow: true, host, addresses: [host] };
  const loose = await judgeUrl(href, { allowHosts: [host] });
  if (!loose.allow) return { allow: false, reason: loose.reason };
  for (const address of loose.addresses) {
    const literal = isIP(address) === 6 ? `[${address}]` : address;
    const why = await checkUrl(`${url.protocol}//${literal}/`);
    if (why !== undefined) {
      return {
        allow: false,
        reason: `${host} resolves to ${address}, which is not allowed: ${why.replace(/\.$/, '')} (a cell that trusts this host must allow its address too)`,
      };
    }
  }
  return { allow: true, host: loose.host, addresses: loose.addresses };
}
