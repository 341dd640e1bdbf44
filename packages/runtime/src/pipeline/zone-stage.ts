import type { ToolCategory } from '@wesgine/schema';
import type { RegisteredTool } from '../registry/registered-tool.js';
import type { CallScope } from './call-scope.js';
import type { JudgedPath } from './govern-paths.js';
import type { Question } from './question.js';
import { type Refusal, refuse } from './refusal.js';

/** The Zone let the call through: by this rule (or `default:<category>`), when one decided. */
export interface ZoneAllowed {
  readonly allowed: true;
  readonly rule: string | undefined;
  /** Rules naming the tool allowed every target (not a default, not a bare `*`): askFirst need not ask. */
  readonly explicit: boolean;
}

/**
 * The Zone: the actor's policy, after Hardline and Sandbox have let the call through (so it can narrow,
 * never widen). It sees the real and lexical paths, each sub-command's argv, the URL hosts and the
 * recipients' addresses. Undefined when the run has no zone.
 */
export function zoneStage(
  scope: CallScope,
  tool: RegisteredTool,
  category: ToolCategory,
  paths: readonly JudgedPath[],
  commands: readonly (readonly string[])[],
  hosts: readonly string[],
  recipients: readonly string[],
): Refusal | Question | ZoneAllowed | undefined {
  const { zone } = scope;
  if (zone === undefined) return undefined;
  const decision = zone.decide({
    tool: tool.definition.name,
    category,
    workDir: scope.roots.workDir,
    paths,
    commands,
    hosts,
    ...(recipients.length === 0 ? {} : { recipients }),
    ...(tool.definition.meta.askFirst === true ? { askFirst: true } : {}),
  });
  if (decision.effect === 'allow') return { allowed: true, rule: decision.rule, explicit: decision.explicit === true };
  if (decision.effect === 'deny') {
    return refuse('zone', 'zone_denied', `Not allowed by zone '${decision.zone}': ${decision.reason}`, decision.rule);
  }
  return { stage: 'zone', rule: decision.rule, question: decision.reason };
}
