import { describe, expect, it } from 'vitest';
import { exportTool } from './export-tool.js';
import { drawTree, intersected, readFile, search } from './sample-tools.test.fixture.js';

describe('openai-strict', () => {
  it('closes objects, requires every property and makes optional ones nullable', () => {
    const exported = exportTool(readFile, 'openai-strict');
    expect(JSON.stringify(exported.declaration, null, 2)).toMatchInlineSnapshot(`
      "{
        "type": "function",
        "name": "fs_read",
        "description": "Read a text file.",
        "parameters": {
          "type": "object",
          "required": [
            "path",
            "offset",
            "limit"
          ],
          "properties": {
            "path": {
              "description": "File to read.",
              "type": "string"
            },
            "offset": {
              "minimum": 0,
              "description": "First line, 0-based.",
              "type": [
                "integer",
                "null"
              ]
            },
            "limit": {
              "minimum": 1,
              "maximum": 2000,
              "type": [
                "integer",
                "null"
              ],
              "description": "(default: 200)"
            }
          },
          "additionalProperties": false
        },
        "strict": true
      }"
    `);
    expect(exported.loss).toMatchInlineSnapshot(`
      {
        "dialect": "openai-strict",
        "entries": [
          {
            "action": "dropped",
            "detail": "path parameter (read access): the Sandbox checks it before the handler runs; the provider is not told",
            "keyword": "x-wesgine-path",
            "lossy": false,
            "pointer": "/properties/path",
          },
          {
            "action": "rewritten",
            "detail": "optional: sent as required and nullable; the decoder turns null back into leaving it out",
            "keyword": "required",
            "lossy": false,
            "pointer": "/properties/offset",
          },
          {
            "action": "moved-to-description",
            "detail": "not taken in strict mode; described as 'default: 200'",
            "keyword": "default",
            "lossy": true,
            "pointer": "/properties/limit",
          },
          {
            "action": "rewritten",
            "detail": "optional: sent as required and nullable; the decoder turns null back into leaving it out",
            "keyword": "required",
            "lossy": false,
            "pointer": "/properties/limit",
          },
        ],
        "hasStrictMode": true,
        "lossless": false,
        "providerName": "fs_read",
        "strictCapable": true,
        "strictProblems": [],
        "tool": "fs.read",
        "warnings": [],
      }
    `);
  });

  it('moves constraints strict mode does not take into the description', () => {
    const exported = exportTool(search, 'openai-strict');
    expect(JSON.stringify(exported.declaration, null, 2)).toMatchInlineSnapshot(`
      "{
        "type": "function",
        "name": "web_search",
        "description": "Search the web.",
        "parameters": {
          "type": "object",
          "required": [
            "query",
            "mode",
            "depth",
            "safe",
            "since",
            "site",
            "filter"
          ],
          "properties": {
            "query": {
              "pattern": "^\\\\S",
              "type": "string",
              "description": "(minLength: 3; maxLength: 200)"
            },
            "mode": {
              "anyOf": [
                {
                  "const": "fast",
                  "type": "string"
                },
                {
                  "const": "deep",
                  "type": "string"
                }
              ]
            },
            "depth": {
              "anyOf": [
                {
                  "const": 1,
                  "type": "number"
                },
                {
                  "const": 2,
                  "type": "number"
                },
                {
                  "const": 3,
                  "type": "number"
                }
              ]
            },
            "safe": {
              "const": true,
              "type": "boolean"
            },
            "since": {
              "format": "date-time",
              "type": [
                "string",
                "null"
              ]
            },
            "site": {
              "type": [
                "string",
                "null"
              ],
              "description": "(format: uri)"
            },
            "filter": {
              "type": [
                "object",
                "null"
              ],
              "required": [
                "language",
                "tags"
              ],
              "properties": {
                "language": {
                  "pattern": "^[a-z]{2}$",
                  "type": [
                    "string",
                    "null"
                  ]
                },
                "tags": {
                  "maxItems": 5,
                  "type": "array",
                  "items": {
                    "type": "string"
                  },
                  "description": "(uniqueItems: true)"
                }
              },
              "additionalProperties": false
            }
          },
          "additionalProperties": false
        },
        "strict": true
      }"
    `);
    expect(exported.loss).toMatchInlineSnapshot(`
      {
        "dialect": "openai-strict",
        "entries": [
          {
            "action": "moved-to-description",
            "detail": "not taken in strict mode; described as 'minLength: 3'",
            "keyword": "minLength",
            "lossy": true,
            "pointer": "/properties/query",
          },
          {
            "action": "moved-to-description",
            "detail": "not taken in strict mode; described as 'maxLength: 200'",
            "keyword": "maxLength",
            "lossy": true,
            "pointer": "/properties/query",
          },
          {
            "action": "rewritten",
            "detail": "optional: sent as required and nullable; the decoder turns null back into leaving it out",
            "keyword": "required",
            "lossy": false,
            "pointer": "/properties/since",
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
            "detail": "not taken in strict mode; described as 'format: uri'",
            "keyword": "format",
            "lossy": true,
            "pointer": "/properties/site",
          },
          {
            "action": "rewritten",
            "detail": "optional: sent as required and nullable; the decoder turns null back into leaving it out",
            "keyword": "required",
            "lossy": false,
            "pointer": "/properties/site",
          },
          {
            "action": "rewritten",
            "detail": "optional: sent as required and nullable; the decoder turns null back into leaving it out",
            "keyword": "required",
            "lossy": false,
            "pointer": "/properties/filter/properties/language",
          },
          {
            "action": "moved-to-description",
            "detail": "not taken in strict mode; described as 'uniqueItems: true'",
            "keyword": "uniqueItems",
            "lossy": true,
            "pointer": "/properties/filter/properties/tags",
          },
          {
            "action": "rewritten",
            "detail": "optional: sent as required and nullable; the decoder turns null back into leaving it out",
            "keyword": "required",
            "lossy": false,
            "pointer": "/properties/filter",
          },
        ],
        "hasStrictMode": true,
        "lossless": false,
        "providerName": "web_search",
        "strictCapable": true,
        "strictProblems": [],
        "tool": "web_search",
        "warnings": [],
      }
    `);
  });

  it('keeps recursion as #/$defs refs', () => {
    const exported = exportTool(drawTree, 'openai-strict');
    expect(
      JSON.stringify((exported.declaration.parameters as { $defs: unknown }).$defs, null, 2),
    ).toMatchInlineSnapshot(`
      "{
        "TreeNode": {
          "type": "object",
          "required": [
            "name",
            "children"
          ],
          "properties": {
            "name": {
              "type": "string"
            },
            "children": {
              "type": [
                "array",
                "null"
              ],
              "items": {
                "$ref": "#/$defs/TreeNode"
              }
            }
          },
          "additionalProperties": false
        }
      }"
    `);
    expect(exported.loss.strictCapable).toBe(true);
  });

  it('merges Type.Intersect, sends oneOf as anyOf, leaves nullable optionals nullable', () => {
    const exported = exportTool(intersected, 'openai-strict');
    expect(JSON.stringify(exported.declaration.parameters, null, 2)).toMatchInlineSnapshot(`
      "{
        "type": "object",
        "required": [
          "both",
          "either",
          "note",
          "level",
          "flag"
        ],
        "properties": {
          "both": {
            "type": "object",
            "properties": {
              "a": {
                "type": "string"
              },
              "b": {
                "type": [
                  "number",
                  "null"
                ]
              }
            },
            "required": [
              "a",
              "b"
            ],
            "additionalProperties": false
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
          "note": {
            "anyOf": [
              {
                "type": "string"
              },
              {
                "type": "null"
              }
            ]
          },
          "level": {
            "anyOf": [
              {
                "const": "high",
                "type": "string"
              },
              {
                "type": "null"
              }
            ]
          },
          "flag": {
            "type": [
              "string",
              "null"
            ],
            "enum": [
              "a",
              "b",
              null
            ]
          }
        },
        "additionalProperties": false
      }"
    `);
    expect(exported.loss).toMatchInlineSnapshot(`
      {
        "dialect": "openai-strict",
        "entries": [
          {
            "action": "rewritten",
            "detail": "allOf of plain objects merged into one object",
            "keyword": "allOf",
            "lossy": false,
            "pointer": "/properties/both",
          },
          {
            "action": "rewritten",
            "detail": "optional: sent as required and nullable; the decoder turns null back into leaving it out",
            "keyword": "required",
            "lossy": false,
            "pointer": "/properties/both/properties/b",
          },
          {
            "action": "rewritten",
            "detail": "oneOf sent as anyOf: the model may match more than one branch; the call is checked against oneOf",
            "keyword": "oneOf",
            "lossy": true,
            "pointer": "/properties/either",
          },
          {
            "action": "rewritten",
            "detail": "optional and nullable: sent as required, so the model can no longer leave it out and sends null for both "absent" and "null"; the decoder keeps the null, so the tool never sees it left out",
            "keyword": "required",
            "lossy": true,
            "pointer": "/properties/note",
          },
          {
            "action": "rewritten",
            "detail": "optional: sent as required and nullable; the decoder turns null back into leaving it out",
            "keyword": "required",
            "lossy": false,
            "pointer": "/properties/level",
          },
          {
            "action": "dropped",
            "detail": "an annotation strict mode does not take",
            "keyword": "deprecated",
            "lossy": false,
            "pointer": "/properties/flag",
          },
          {
            "action": "rewritten",
            "detail": "optional: sent as required and nullable; the decoder turns null back into leaving it out",
            "keyword": "required",
            "lossy": false,
            "pointer": "/properties/flag",
          },
        ],
        "hasStrictMode": true,
        "lossless": false,
        "providerName": "merge",
        "strictCapable": true,
        "strictProblems": [],
        "tool": "merge",
        "warnings": [],
      }
    `);
  });
});
