import { Type } from '@sinclair/typebox';
import { describe, expect, it } from 'vitest';
import { Path } from '../params/path.js';
import { toJsonSchema } from './to-json-schema.js';

describe('toJsonSchema', () => {
  it('copies the schema as plain JSON, symbols gone, authored key order kept', () => {
    const schema = Type.Object({
      path: Path({ access: 'read', description: 'A file.' }),
      count: Type.Optional(Type.Integer({ minimum: 1 })),
    });
    const copy = toJsonSchema(schema);
    expect(copy).toMatchInlineSnapshot(`
      {
        "properties": {
          "count": {
            "minimum": 1,
            "type": "integer",
          },
          "path": {
            "description": "A file.",
            "type": "string",
            "x-wesgine-path": "read",
          },
        },
        "required": [
          "path",
        ],
        "type": "object",
      }
    `);
    expect(JSON.stringify(copy)).toBe(
      '{"type":"object","required":["path"],"properties":{"path":{"description":"A file.","x-wesgine-path":"read","type":"string"},"count":{"minimum":1,"type":"integer"}}}',
    );
    expect(Object.getOwnPropertySymbols(copy)).toEqual([]);
    expect(Object.getOwnPropertySymbols(copy.properties as object)).toEqual([]);
    expect(copy).not.toBe(schema);
  });

  it('rewrites the draft-07 tuple form into 2020-12 prefixItems, but never inside data', () => {
    const schema = Type.Tuple([Type.String(), Type.Number()], { default: { items: [1] } });
    expect(JSON.stringify(toJsonSchema(schema))).toBe(
      '{"default":{"items":[1]},"type":"array","prefixItems":[{"type":"string"},{"type":"number"}],"items":false,"minItems":2,"maxItems":2}',
    );
  });

  it("renumbers Type.Recursive's process-wide ids in order of appearance", () => {
    for (let count = 0; count < 3; count += 1) Type.Recursive((This) => Type.Array(This));
    const tree = Type.Recursive((This) => Type.Object({ kids: Type.Array(This) }));
    const list = Type.Recursive((This) => Type.Object({ next: Type.Optional(This) }));
    expect(JSON.stringify(toJsonSchema(Type.Object({ list, tree, named: Type.String({ $id: 'T99x' }) })))).toBe(
      '{"type":"object","required":["list","tree","named"],"properties":{"list":{"$id":"T0","type":"object","properties":{"next":{"$ref":"T0"}}},"tree":{"$id":"T1","type":"object","required":["kids"],"properties":{"kids":{"type":"array","items":{"$ref":"T1"}}}},"named":{"$id":"T99x","type":"string"}}}',
    );
  });

  it('refuses an object graph that refers to itself', () => {
    const schema: Record<string, unknown> = { type: 'object', properties: {} };
    (schema.properties as Record<string, unknown>).self = schema;
    expect(() => toJsonSchema(schema as never)).toThrow(
      'the schema refers to itself as an object; build recursive shapes with Type.Recursive',
    );
  });

  it('copies a subschema that is shared twice, not a cycle', () => {
    const shared = Type.String();
    expect(toJsonSchema(Type.Object({ a: shared, b: shared })).properties).toEqual({
      a: { type: 'string' },
      b: { type: 'string' },
    });
  });
});
