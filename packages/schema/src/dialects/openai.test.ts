import { describe, expect, it } from 'vitest';
import { compile } from './ajv.test.fixture.js';
import { exportTool } from './export-tool.js';
import { runShell, SAMPLE_TOOLS, search } from './sample-tools.test.fixture.js';

describe('openai', () => {
  it('keeps optional properties optional and every JSON Schema keyword', () => {
    const exported = exportTool(search, 'openai');
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
            "safe"
          ],
          "properties": {
            "query": {
              "minLength": 3,
              "maxLength": 200,
              "pattern": "^\\\\S",
              "type": "string"
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
              "type": "string"
            },
            "site": {
              "format": "uri",
              "type": "string"
            },
            "filter": {
              "type": "object",
              "required": [
                "tags"
              ],
              "properties": {
                "language": {
                  "pattern": "^[a-z]{2}$",
                  "type": "string"
                },
                "tags": {
                  "uniqueItems": true,
                  "maxItems": 5,
                  "type": "array",
                  "items": {
                    "type": "string"
                  }
                }
              },
              "additionalProperties": false
            }
          },
          "additionalProperties": false
        },
        "strict": false
      }"
    `);
    expect(exported.loss).toMatchInlineSnapshot(`
      {
        "dialect": "openai",
        "entries": [
          {
            "action": "dropped",
            "detail": "URL parameter: governance checks it before the handler runs; the provider is not told",
            "keyword": "x-wesgine-url",
            "lossy": false,
            "pointer": "/properties/site",
          },
        ],
        "hasStrictMode": true,
        "lossless": true,
        "providerName": "web_search",
        "strictCapable": true,
        "strictProblems": [],
        "tool": "web_search",
        "warnings": [],
      }
    `);
  });

  it('still judges strict mode, with the same problems as openai-strict', () => {
    const exported = exportTool(runShell, 'openai');
    expect(exported.declaration.strict).toBe(false);
    expect(exported.loss.strictCapable).toBe(false);
    expect(exported.loss.strictProblems).toEqual(exportTool(runShell, 'openai-strict').loss.strictProblems);
  });

  it('compiles under Ajv 2020-12 in strict mode and leaves arguments as they are', () => {
    for (const tool of SAMPLE_TOOLS) {
      const exported = exportTool(tool, 'openai');
      expect(() => compile(exported.declaration.parameters, { strict: true }), tool.name).not.toThrow();
      const args = { query: 'x', since: null };
      expect(exported.decode(args)).toEqual(args);
      expect(exported.decode(args)).not.toBe(args);
    }
  });
});
