import { COMMAND_KEYWORD, PATH_KEYWORD, URL_KEYWORD } from '../params/keywords.js';
import type { LossLog } from './loss-report.js';
import { STANDARD_KEYWORDS } from './schema-keywords.js';

/** Why every dialect removes `keyword`, or `undefined` when the dialect decides for itself. */
export function commonDropReason(keyword: string, value: unknown): string | undefined {
  if (keyword === PATH_KEYWORD) {
    return `path parameter (${String(value)} access): the Sandbox checks it before the handler runs; the provider is not told`;
  }
  if (keyword === COMMAND_KEYWORD) {
    return 'command parameter: Hardline and Zone rules check it before the handler runs; the provider is not told';
  }
  if (keyword === URL_KEYWORD) {
    return 'URL parameter: governance checks it before the handler runs; the provider is not told';
  }
  if (keyword === '$schema') return 'the provider assumes its own JSON Schema dialect';
  if (!STANDARD_KEYWORDS.has(keyword)) return 'not a JSON Schema keyword';
  return undefined;
}

/** Where a dialect's walk records what it changed. */
export interface WalkContext {
  readonly log: LossLog;
  readonly schema?: 'result';
}

/** Records one change in `context.log`. */
export function record(
  context: WalkContext,
  pointer: string,
  keyword: string,
  action: 'dropped' | 'moved-to-description' | 'rewritten',
  detail: string,
  lossy: boolean,
): void {
  context.log.add({
    pointer,
    keyword,
    action,
    detail,
    lossy,
    ...(context.schema === undefined ? {} : { schema: context.schema }),
  });
}

/**
 * `node` without the keywords every dialect removes (our extension keywords, `$schema`, non-standard
 * keys), each removal recorded as `dropped`. Only this node; subschemas are the caller's.
 */
export function withoutCommonDrops(
  node: Record<string, unknown>,
  pointer: string,
  context: WalkContext,
): Record<string, unknown> {
  const kept: Record<string, unknown> = {};
  for (const [keyword, value] of Object.entries(node)) {
    const reason = commonDropReason(keyword, value);
    if (reason === undefined) kept[keyword] = value;
    else record(context, pointer, keyword, 'dropped', reason, false);
  }
  return kept;
}
