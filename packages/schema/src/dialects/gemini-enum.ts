import { record, type WalkContext } from './common-drops.js';
import type { SchemaNode } from './schema-node.js';

/** What a set of literal values becomes in Gemini's subset: one enum schema per JSON type, plus nullability. */
export interface GeminiEnum {
  readonly schemas: readonly SchemaNode[];
  readonly nullable: boolean;
}

/**
 * Gemini's `parameters` only take string enums. Numbers and booleans keep their `type`, get
 * `format: 'enum'` and travel as strings (the decoder turns them back); `null` becomes `nullable: true`;
 * values of different types become one enum each (the caller puts them in an `anyOf`). Objects and
 * arrays cannot be enum values there: they are left out and a warning says so.
 */
export function geminiEnum(values: readonly unknown[], pointer: string, context: WalkContext): GeminiEnum {
  const groups = new Map<string, unknown[]>();
  let nullable = false;
  for (const value of values) {
    if (value === null) {
      nullable = true;
      continue;
    }
    const kind =
      typeof value === 'number' || typeof value === 'boolean' || typeof value === 'string' ? typeof value : '';
    if (kind === '') {
      context.log.warn(
        `${pointer || '/'}: the enum value ${JSON.stringify(value)} cannot be sent to Gemini and was left out`,
      );
      continue;
    }
    const group = groups.get(kind) ?? [];
    if (!group.includes(value)) group.push(value);
    groups.set(kind, group);
  }
  if (nullable) record(context, pointer, 'enum', 'rewritten', 'null value sent as nullable: true', false);
  const schemas: SchemaNode[] = [];
  for (const [kind, group] of groups) {
    if (kind === 'string') {
      schemas.push({ type: 'string', enum: group });
      continue;
    }
    const type =
      kind === 'boolean' ? 'boolean' : group.every((value) => Number.isInteger(value)) ? 'integer' : 'number';
    schemas.push({ type, format: 'enum', enum: group.map(String) });
    const detail = `${kind} values sent as strings with format: enum; the decoder turns them back into ${kind}s`;
    record(context, pointer, 'enum', 'rewritten', detail, false);
  }
  return { schemas, nullable };
}
