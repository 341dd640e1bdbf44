import type { ToolCategory } from '@wesgine/schema';
import { judgeUrl } from '../governance/url/judge-url.js';
import type { CallScope } from './call-scope.js';

/**
 * `context.checkUrl`: a URL a handler reaches on its own (a redirect, a page's sub-request) judged as a
 * `Url()` argument would be: the Sandbox's scheme and address rules after DNS, then the Zone's domain
 * rules. A Zone that would ask counts as a refusal here: nobody can be asked mid-call.
 */
export async function checkUrl(
  scope: Pick<CallScope, 'network' | 'zone'> & { readonly roots: { readonly workDir: string } },
  tool: string,
  category: ToolCategory,
  url: string,
): Promise<string | undefined> {
  const judged = await judgeUrl(url, scope.network);
  if (!judged.allow) return judged.reason;
  const { zone } = scope;
  if (zone === undefined) return undefined;
  const decision = zone.decide({ tool, category, workDir: scope.roots.workDir, paths: [], hosts: [judged.host] });
  if (decision.effect === 'allow') return undefined;
  return `zone '${decision.zone}' ${decision.effect === 'deny' ? 'refuses' : 'asks before reaching'} ${judged.host}: ${decision.reason}`;
}
