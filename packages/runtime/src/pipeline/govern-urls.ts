import { judgeUrl } from '../governance/url/judge-url.js';
import type { CallScope } from './call-scope.js';
import type { MarkedArgument } from './marked-arguments.js';
import { type Refusal, refuse } from './refusal.js';

/**
 * The Sandbox for `Url()` arguments: http and https only, and no private, loopback or link-local target
 * after DNS resolution. Returns the host names, for the Zone's `domains` rules.
 */
export async function governUrls(scope: CallScope, urls: readonly MarkedArgument[]): Promise<string[] | Refusal> {
  const hosts: string[] = [];
  for (const { value } of urls) {
    const judged = await judgeUrl(value, scope.network);
    if (!judged.allow) return refuse('sandbox', judged.code, `Not allowed: ${judged.reason}`, judged.rule);
    hosts.push(judged.host);
  }
  return hosts;
}
