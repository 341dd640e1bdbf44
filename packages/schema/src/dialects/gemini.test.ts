import { Type } from '@sinclair/typebox';
import { describe, expect, it } from 'vitest';
import { defineTool } from '../tool/define-tool.js';
import { compile } from './ajv.test.fixture.js';
import { exportTool } from './export-tool.js';
import { drawTree, runShell, SAMPLE_TOOLS, search } from './sample-tools.test.fixture.js';

/** A Gemini `parameters` schema read back as JSON Schema, so Ajv can check that it is well formed. */
function asJsonSchema(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(asJsonSchema);
  if (typeof node !== 'object' || node === null) return node;
  const { nullable, format, ...rest } = node as Record<string, unknown>;
  const copy: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(rest)) {
    copy[key] = key === 'enum' || key === 'default' ? value : asJsonSchema(value);
  }
  if (format !== undefined && format !== 'enum') copy.format = format;
  if (format === 'enum') copy.type = 'string';
  if (nullable === true && typeof copy.type === 'string') copy.type = [copy.type, 'null'];
  return copy;
}

describe('gemini', () => {
  it('sends literal unions as enums, non-string values as strings with format: enum', () => {
    const exported = exportTool(search, 'gemini');
    expect(JSON.stringify(exported.declaration, null, 2)).toMatchInlineSnapshot(`
      "{
        "name": "web_search",
        "description": "Search the web.",
        "parameters": {
          "type": "object",
          "required": [
            "query",
            "mode",
            "depth",
            "safe"
          ],
          "properties": {
            "query": {
              "type": "string",
              "description": "(minLength: 3; maxLength: 200; pattern: ^\\\\S)"
            },
            "mode": {
              "type": "string",
              "enum": [
                "fast",
                "deep"
              ]
            },
            "depth": {
              "type": "integer",
              "format": "enum",
              "enum": [
                "1",
                "2",
                "3"
              ]
            },
            "safe": {
              "type": "boolean",
              "format": "enum",
              "enum": [
                "true"
              ]
            },
            "since": {
              "format": "date-time",
              "type": "string"
            },
            "site": {
              "type": "string",
              "description": "(format: uri)"
            },
            "filter": {
              "type": "object",
              "required": [
                "tags"
              ],
              "properties": {
                "language": {
                  "type": "string",
                  "description": "(pattern: ^[a-z]{2}$)"
                },
                "tags": {
                  "maxItems": 5,
                  "type": "array",
                  "items": {
                    "type": "string"
                  },
                  "description": "(uniqueItems: true)"
                }
              }
            }
          }
        }
      }"
    `);
    expect(exported.loss).toMatchInlineSnapshot(`
      {
        "dialect": "gemini",
        "entries": [
          {
            "action": "moved-to-description",
            "detail": "not in Gemini's schema subset; described as 'minLength: 3'",
            "keyword": "minLength",
            "lossy": true,
            "pointer": "/properties/query",
          },
          {
            "action": "moved-to-description",
            "detail": "not in Gemini's schema subset; described as 'maxLength: 200'",
            "keyword": "maxLength",
            "lossy": true,
            "pointer": "/properties/query",
          },
          {
            "action": "moved-to-description",
            "detail": "not in Gemini's schema subset; described as 'pattern: ^\\S'",
            "keyword": "pattern",
            "lossy": true,
            "pointer": "/properties/query",
          },
          {
            "action": "rewritten",
            "detail": "union of literals sent as enum",
            "keyword": "anyOf",
            "lossy": false,
            "pointer": "/properties/mode",
          },
          {
            "action": "rewritten",
            "detail": "union of literals sent as enum",
            "keyword": "anyOf",
            "lossy": false,
            "pointer": "/properties/depth",
          },
          {
            "action": "rewritten",
            "detail": "number values sent as strings with format: enum; the decoder turns them back into numbers",
            "keyword": "enum",
            "lossy": false,
            "pointer": "/properties/depth",
          },
          {
            "action": "rewritten",
            "detail": "const sent as a one-value enum",
            "keyword": "const",
            "lossy": false,
            "pointer": "/properties/safe",
          },
          {
            "action": "rewritten",
            "detail": "boolean values sent as strings with format: enum; the decoder turns them back into booleans",
            "keyword": "enum",
            "lossy": false,
            "pointer": "/properties/safe",
          },
          {
            "action": "dropped",
            "detail": "URL parameter: governance checks it before the handler runs; the provider is not told",
            "keyword": "x-wesgine-url",
            "lossy": false,
            "pointer": "/properties/site",
          },
          {
            "action": "moved-to-description",
            "detail": "not in Gemini's schema subset; described as 'format: uri'",
            "keyword": "format",
            "lossy": true,
            "pointer": "/properties/site",
          },
          {
            "action": "moved-to-description",
            "detail": "not in Gemini's schema subset; described as 'pattern: ^[a-z]{2}$'",
            "keyword": "pattern",
            "lossy": true,
            "pointer": "/properties/filter/properties/language",
          },
          {
            "action": "moved-to-description",
            "detail": "not in Gemini's schema subset; described as 'uniqueItems: true'",
            "keyword": "uniqueItems",
            "lossy": true,
            "pointer": "/properties/filter/properties/tags",
          },
          {
            "action": "dropped",
            "detail": "Gemini rejects additionalProperties; the model is not told that other keys are refused",
            "keyword": "additionalProperties",
            "lossy": true,
            "pointer": "/properties/filter",
          },
          {
            "action": "dropped",
            "detail": "Gemini rejects additionalProperties; the model is not told that other keys are refused",
            "keyword": "additionalProperties",
            "lossy": true,
            "pointer": "",
          },
        ],
        "hasStrictMode": false,
        "lossless": false,
        "providerName": "web_search",
        "strictCapable": false,
        "strictProblems": [],
        "tool": "web_search",
        "warnings": [],
      }
    `);
  });

  it('sends null as nullable and drops free-form maps with a warning', () => {
    const exported = exportTool(runShell, 'gemini');
    expect(JSON.stringify(exported.declaration.parameters)).toMatchInlineSnapshot(
      `"{"type":"object","required":["command","timeout"],"properties":{"command":{"description":"The command line.","type":"string"},"cwd":{"type":"string"},"env":{"type":"object"},"timeout":{"type":"integer","nullable":true,"description":"(exclusiveMinimum: 0)"}}}"`,
    );
    expect(exported.loss.warnings).toEqual([
      '/properties/env: an object without properties; Gemini may reject it ("should be non-empty for OBJECT type")',
    ]);
    expect(exported.loss.entries.filter((entry) => entry.lossy)).toMatchInlineSnapshot(`
      [
        {
          "action": "dropped",
          "detail": "a free-form map is not in the subset; the model is not told the shape of its values",
          "keyword": "patternProperties",
          "lossy": true,
          "pointer": "/properties/env",
        },
        {
          "action": "moved-to-description",
          "detail": "not in Gemini's schema subset; described as 'exclusiveMinimum: 0'",
          "keyword": "exclusiveMinimum",
          "lossy": true,
          "pointer": "/properties/timeout",
        },
        {
          "action": "dropped",
          "detail": "Gemini rejects additionalProperties; the model is not told that other keys are refused",
          "keyword": "additionalProperties",
          "lossy": true,
          "pointer": "",
        },
      ]
    `);
  });

  it('expands a recursive schema once and cuts it, with a lossy entry', () => {
    const exported = exportTool(drawTree, 'gemini');
    expect(
      JSON.stringify((exported.declaration.parameters as { properties: unknown }).properties),
    ).toMatchInlineSnapshot(
      `"{"root":{"type":"object","required":["name"],"properties":{"name":{"type":"string"},"children":{"type":"array","items":{"type":"object","description":"(same shape as /properties/root; not expanded further)"}}}},"segment":{"type":"object","required":["from","to"],"properties":{"from":{"type":"object","required":["x","y"],"properties":{"x":{"type":"number"},"y":{"type":"number"}}},"to":{"type":"object","required":["x","y"],"properties":{"x":{"type":"number"},"y":{"type":"number"}}}}}}"`,
    );
    expect(exported.loss.entries[0]).toMatchInlineSnapshot(`
      {
        "action": "dropped",
        "detail": "recursion cut: this level is sent as a bare object; Gemini 'parameters' cannot express recursion; the gemini-json dialect can",
        "keyword": "$ref",
        "lossy": true,
        "pointer": "/properties/root/properties/children/items",
      }
    `);
    expect(exported.loss.lossless).toBe(false);
  });

  it('rewrites mixed literals, tuples, type arrays, oneOf and drops what the subset lacks', () => {
    const tool = defineTool({
      name: '1st.tool',
      description: 'Odd shapes.',
      parameters: Type.Object({
        mixed: Type.Union([Type.Literal('auto'), Type.Literal(0), Type.Null()]),
        pair: Type.Tuple([Type.String(), Type.String()]),
        either: Type.Unsafe<string | number>({ type: ['string', 'number'] }),
        choice: Type.Unsafe<string>({ oneOf: [{ type: 'string' }, { type: 'integer', multipleOf: 2 }] }),
        closed: Type.Object({ 'bad-name': Type.String() }, { additionalProperties: false, title: 'Closed' }),
        anything: Type.Any(),
      }),
    });
    const exported = exportTool(tool, 'gemini');
    expect(exported.name).toBe('_1st.tool');
    expect(JSON.stringify(exported.declaration.parameters, null, 2)).toMatchInlineSnapshot(`
      "{
        "type": "object",
        "required": [
          "mixed",
          "pair",
          "either",
          "choice",
          "closed",
          "anything"
        ],
        "properties": {
          "mixed": {
            "anyOf": [
              {
                "type": "string",
                "enum": [
                  "auto"
                ]
              },
              {
                "type": "integer",
                "format": "enum",
                "enum": [
                  "0"
                ]
              }
            ],
            "nullable": true
          },
          "pair": {
            "type": "array",
            "items": {
              "type": "string"
            },
            "minItems": 2,
            "maxItems": 2
          },
          "either": {
            "anyOf": [
              {
                "type": "string"
              },
              {
                "type": "number"
              }
            ]
          },
          "choice": {
            "anyOf": [
              {
                "type": "string"
              },
              {
                "type": "integer",
                "description": "(multipleOf: 2)"
              }
            ]
          },
          "closed": {
            "title": "Closed",
            "type": "object",
            "required": [
              "bad_name"
            ],
            "properties": {
              "bad_name": {
                "type": "string"
              }
            }
          },
          "anything": {}
        }
      }"
    `);
    expect(exported.loss).toMatchInlineSnapshot(`
      {
        "dialect": "gemini",
        "entries": [
          {
            "action": "rewritten",
            "detail": "property "bad-name" sent as "bad_name" (Gemini takes letters, digits and '_', not starting with a digit, up to 64); the decoder names it back",
            "keyword": "properties",
            "lossy": false,
            "pointer": "/properties/closed/properties/bad_name",
          },
          {
            "action": "rewritten",
            "detail": "null branch sent as nullable: true",
            "keyword": "anyOf",
            "lossy": false,
            "pointer": "/properties/mixed",
          },
          {
            "action": "rewritten",
            "detail": "union of literals sent as enum",
            "keyword": "anyOf",
            "lossy": false,
            "pointer": "/properties/mixed",
          },
          {
            "action": "rewritten",
            "detail": "number values sent as strings with format: enum; the decoder turns them back into numbers",
            "keyword": "enum",
            "lossy": false,
            "pointer": "/properties/mixed",
          },
          {
            "action": "rewritten",
            "detail": "tuple sent as an array whose items may be any of its member types; positions are checked on the call",
            "keyword": "prefixItems",
            "lossy": true,
            "pointer": "/properties/pair",
          },
          {
            "action": "rewritten",
            "detail": "type array sent as anyOf of single types",
            "keyword": "type",
            "lossy": false,
            "pointer": "/properties/either",
          },
          {
            "action": "rewritten",
            "detail": "oneOf sent as anyOf: the model may match more than one branch; the call is checked against oneOf",
            "keyword": "oneOf",
            "lossy": true,
            "pointer": "/properties/choice",
          },
          {
            "action": "moved-to-description",
            "detail": "not in Gemini's schema subset; described as 'multipleOf: 2'",
            "keyword": "multipleOf",
            "lossy": true,
            "pointer": "/properties/choice/anyOf/1",
          },
          {
            "action": "dropped",
            "detail": "Gemini rejects additionalProperties; the model is not told that other keys are refused",
            "keyword": "additionalProperties",
            "lossy": true,
            "pointer": "/properties/closed",
          },
          {
            "action": "dropped",
            "detail": "Gemini rejects additionalProperties; the model is not told that other keys are refused",
            "keyword": "additionalProperties",
            "lossy": true,
            "pointer": "",
          },
        ],
        "hasStrictMode": false,
        "lossless": false,
        "providerName": "_1st.tool",
        "strictCapable": false,
        "strictProblems": [],
        "tool": "1st.tool",
        "warnings": [
          "/properties/anything: no type; Gemini 3 rejects TYPE_UNSPECIFIED, use the gemini-json dialect",
        ],
      }
    `);
  });

  it('sends the default of a number enum as a string too', () => {
    const tool = defineTool({
      name: 'pick',
      description: 'Pick a level.',
      parameters: Type.Object({ level: Type.Union([Type.Literal(1), Type.Literal(2)], { default: 1 }) }),
    });
    expect(exportTool(tool, 'gemini').declaration.parameters).toEqual({
      type: 'object',
      required: ['level'],
      properties: { level: { type: 'integer', format: 'enum', enum: ['1', '2'], default: '1' } },
    });
  });

  it('leaves parameters out when the tool takes no arguments', () => {
    const tool = defineTool({ name: 'now', description: 'The time.', parameters: Type.Object({}) });
    expect(exportTool(tool, 'gemini').declaration).toEqual({ name: 'now', description: 'The time.' });
  });

  it('is well-formed JSON Schema once nullable and format: enum are read back', () => {
    for (const tool of SAMPLE_TOOLS) {
      const parameters = exportTool(tool, 'gemini').declaration.parameters;
      expect(() => compile(asJsonSchema(parameters), { strict: true }), tool.name).not.toThrow();
    }
  });
});
