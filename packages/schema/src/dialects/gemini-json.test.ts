import { describe, expect, it } from 'vitest';
import { compile } from './ajv.test.fixture.js';
import { exportTool } from './export-tool.js';
import { drawTree, SAMPLE_TOOLS } from './sample-tools.test.fixture.js';

describe('gemini-json', () => {
  it('sends real JSON Schema in parametersJsonSchema, recursion as #/$defs', () => {
    const exported = exportTool(drawTree, 'gemini-json');
    expect(JSON.stringify(exported.declaration, null, 2)).toMatchInlineSnapshot(`
      "{
        "name": "draw.tree",
        "description": "Draw a tree of labelled nodes.",
        "parametersJsonSchema": {
          "type": "object",
          "required": [
            "root"
          ],
          "properties": {
            "root": {
              "$ref": "#/$defs/TreeNode"
            },
            "segment": {
              "type": "object",
              "required": [
                "from",
                "to"
              ],
              "properties": {
                "from": {
                  "type": "object",
                  "required": [
                    "x",
                    "y"
                  ],
                  "properties": {
                    "x": {
                      "type": "number"
                    },
                    "y": {
                      "type": "number"
                    }
                  },
                  "additionalProperties": false
                },
                "to": {
                  "type": "object",
                  "required": [
                    "x",
                    "y"
                  ],
                  "properties": {
                    "x": {
                      "type": "number"
                    },
                    "y": {
                      "type": "number"
                    }
                  },
                  "additionalProperties": false
                }
              },
              "additionalProperties": false
            }
          },
          "additionalProperties": false,
          "$defs": {
            "TreeNode": {
              "type": "object",
              "required": [
                "name"
              ],
              "properties": {
                "name": {
                  "type": "string"
                },
                "children": {
                  "type": "array",
                  "items": {
                    "$ref": "#/$defs/TreeNode"
                  }
                }
              },
              "additionalProperties": false
            }
          }
        }
      }"
    `);
    expect(exported.loss).toMatchInlineSnapshot(`
      {
        "dialect": "gemini-json",
        "entries": [
          {
            "action": "rewritten",
            "detail": "recursive definition 'TreeNode' moved to '#/$defs/TreeNode'",
            "keyword": "$id",
            "lossy": false,
            "pointer": "/properties/root",
          },
          {
            "action": "rewritten",
            "detail": "inlined definition 'Segment'",
            "keyword": "$ref",
            "lossy": false,
            "pointer": "/properties/segment",
          },
          {
            "action": "rewritten",
            "detail": "inlined definition 'Point'",
            "keyword": "$ref",
            "lossy": false,
            "pointer": "/properties/segment/properties/from",
          },
          {
            "action": "rewritten",
            "detail": "inlined definition 'Point'",
            "keyword": "$ref",
            "lossy": false,
            "pointer": "/properties/segment/properties/to",
          },
          {
            "action": "rewritten",
            "detail": "recursive reference to definition 'TreeNode' sent as '#/$defs/TreeNode'",
            "keyword": "$ref",
            "lossy": false,
            "pointer": "/$defs/TreeNode/properties/children/items",
          },
        ],
        "hasStrictMode": false,
        "lossless": true,
        "providerName": "draw.tree",
        "strictCapable": false,
        "strictProblems": [],
        "tool": "draw.tree",
        "warnings": [],
      }
    `);
  });

  it('compiles under Ajv 2020-12 in strict mode', () => {
    for (const tool of SAMPLE_TOOLS) {
      const exported = exportTool(tool, 'gemini-json');
      expect(() => compile(exported.declaration.parametersJsonSchema, { strict: true }), tool.name).not.toThrow();
    }
  });
});
