import { closeNames, type DialectName } from '@wesgine/schema';
import type { RegisteredTool } from '../registry/registered-tool.js';
import type { CallScope } from './call-scope.js';
import { toolsByProviderName } from './provider-names.js';
import { type Refusal, refuse } from './refusal.js';

/**
 * Step 1: the tool by name, among those this run may see; a tool the run may not use here says why
 * (a delegating tool past the sub-agent depth limit), and an unknown name lists the close ones.
 *
 * A name no tool has may be a tool's provider name, as a listing in a dialect gives it (`notes_read`
 * for `notes.read`, or the hash-suffixed form a collision gets): in `dialect` when the call says which,
 * else in any dialect. It is taken when exactly one tool the run may see has that provider name. The
 * mapping is a fixed rule, so one match cannot be a guess; a model given a provider listing by a client
 * that did not say the dialect still reaches the tool, and the audit keeps the name it was called by.
 */
export function resolveStage(scope: CallScope, name: unknown, dialect?: DialectName): RegisteredTool | Refusal {
  if (typeof name !== 'string') {
    return refuse(
      'resolve',
      'unknown_tool',
      `A tool name is a string, got ${typeof name === 'object' ? (name === null ? 'null' : 'an object') : `a ${typeof name}`}`,
    );
  }
  const tool = scope.lookup(name);
  if (tool !== undefined) return tool;
  const unavailable = scope.unavailable?.(name);
  if (unavailable !== undefined) return refuse('resolve', 'not_allowed', unavailable);
  const shown = name.length > 128 ? `${name.slice(0, 128)}…` : name;
  const mapped = toolsByProviderName(name, scope.visibleNames(), dialect);
  const only = mapped.length === 1 ? scope.lookup(mapped[0] as string) : undefined;
  if (only !== undefined) return only;
  if (mapped.length > 1) {
    const listed = mapped.map((item) => `'${item}'`).join(', ');
    return refuse(
      'resolve',
      'unknown_tool',
      `There is no tool named '${shown}', and it is the provider name of ${mapped.length} tools (${listed}); call the tool by its own name, or by the name its listing gave it`,
    );
  }
  const close = closeNames(name, scope.visibleNames());
  const hint = close.length === 0 ? '' : `; did you mean ${close.map((item) => `'${item}'`).join(', ')}?`;
  return refuse('resolve', 'unknown_tool', `There is no tool named '${shown}'${hint}`);
}

/** The name for the audit record: the name given, or what it was when it was not a string. */
export function auditName(name: unknown): string {
  return typeof name === 'string' ? name : `(not a name: ${name === null ? 'null' : typeof name})`;
}
