import { Type } from '@sinclair/typebox';
import { describe, expect, it } from 'vitest';
import { toJsonSchema } from '../export/to-json-schema.js';
import { createLossLog } from './loss-report.js';
import { resolveRefs } from './resolve-refs.js';

describe('resolveRefs', () => {
  it('inlines pointer refs into $defs and drops the unused definitions', () => {
    const log = createLossLog();
    const schema = {
      type: 'object',
      properties: { a: { $ref: '#/$defs/Name', description: 'Who.' } },
      $defs: { Name: { type: 'string', minLength: 1 }, Unused: { type: 'number' } },
    };
    expect(JSON.stringify(resolveRefs(schema, { tool: 't', recursion: 'hoist', log }))).toBe(
      '{"type":"object","properties":{"a":{"type":"string","minLength":1,"description":"Who."}}}',
    );
    expect(log.entries).toEqual([
      {
        pointer: '/properties/a',
        keyword: '$ref',
        action: 'rewritten',
        detail: "inlined definition '#/$defs/Name'",
        lossy: false,
      },
    ]);
  });

  it("hoists a recursive root as '#' and names auto ids by where they sit", () => {
    const log = createLossLog();
    const list = Type.Recursive((This) => Type.Object({ value: Type.Number(), next: Type.Optional(This) }));
    const schema = toJsonSchema(Type.Object({ list }));
    expect(JSON.stringify(resolveRefs(schema, { tool: 't', recursion: 'hoist', log }))).toBe(
      '{"type":"object","required":["list"],"properties":{"list":{"$ref":"#/$defs/list"}},"$defs":{"list":{"type":"object","required":["value"],"properties":{"value":{"type":"number"},"next":{"$ref":"#/$defs/list"}}}}}',
    );
    expect(log.entries.map((entry) => `${entry.pointer} ${entry.keyword}: ${entry.detail}`)).toEqual([
      "/properties/list $id: recursive schema (Type.Recursive) moved to '#/$defs/list'",
      "/$defs/list/properties/next $ref: recursive reference to schema (Type.Recursive) sent as '#/$defs/list'",
    ]);
    const root = { type: 'object', properties: { child: { $ref: '#' } } };
    expect(JSON.stringify(resolveRefs(root, { tool: 't', recursion: 'hoist', log }))).toBe(
      '{"type":"object","properties":{"child":{"$ref":"#"}}}',
    );
  });

  it('cuts a recursive root after one level', () => {
    const log = createLossLog();
    const root = { type: 'object', description: 'A node.', properties: { child: { $ref: '#' } } };
    expect(JSON.stringify(resolveRefs(root, { tool: 't', recursion: 'cut', log }))).toBe(
      '{"type":"object","description":"A node.","properties":{"child":{"type":"object","description":"A node. (same shape as /; not expanded further)"}}}',
    );
  });
});
