import { Type } from '@sinclair/typebox';
import { describe, expect, it } from 'vitest';
import { defineTool } from '../tool/define-tool.js';
import { compile, errorsOf } from './ajv.test.fixture.js';
import { exportTool } from './export-tool.js';
import { editFile, readFile, SAMPLE_TOOLS, search } from './sample-tools.test.fixture.js';

describe('mcp', () => {
  it('exports inputSchema, a wrapped outputSchema and annotations from meta', () => {
    const exported = exportTool(readFile, 'mcp');
    expect(JSON.stringify(exported.declaration, null, 2)).toMatchInlineSnapshot(`
      "{
        "name": "fs.read",
        "description": "Read a text file.",
        "inputSchema": {
          "type": "object",
          "required": [
            "path"
          ],
          "properties": {
            "path": {
              "description": "File to read.",
              "type": "string"
            },
            "offset": {
              "minimum": 0,
              "description": "First line, 0-based.",
              "type": "integer"
            },
            "limit": {
              "minimum": 1,
              "maximum": 2000,
              "default": 200,
              "type": "integer"
            }
          },
          "additionalProperties": false
        },
        "outputSchema": {
          "type": "object",
          "properties": {
            "result": {
              "type": "string"
            }
          },
          "required": [
            "result"
          ]
        },
        "annotations": {
          "readOnlyHint": true
        }
      }"
    `);
    expect(exported.loss).toMatchInlineSnapshot(`
      {
        "dialect": "mcp",
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
            "detail": "the result is not an object, so outputSchema wraps it as { result: ... } and so must structuredContent",
            "keyword": "type",
            "lossy": false,
            "pointer": "",
            "schema": "result",
          },
        ],
        "hasStrictMode": false,
        "lossless": true,
        "providerName": "fs.read",
        "strictCapable": false,
        "strictProblems": [],
        "tool": "fs.read",
        "warnings": [],
      }
    `);
    expect(exported.encodeResult('line 1')).toEqual({ result: 'line 1' });
    const output = compile(exported.declaration.outputSchema, { strict: true });
    expect(errorsOf(output, exported.encodeResult('line 1'))).toEqual([]);
  });

  it('gives destructive and idempotent hints only to tools that are not read-only', () => {
    expect(exportTool(editFile, 'mcp').declaration.annotations).toEqual({
      destructiveHint: true,
      idempotentHint: false,
    });
    expect(exportTool(search, 'mcp').declaration.annotations).toEqual({ readOnlyHint: true, openWorldHint: true });
    const readOnly = defineTool({
      name: 'peek',
      description: 'Look.',
      parameters: Type.Object({}),
      meta: { category: 'exploration', idempotent: true },
    });
    expect(exportTool(readOnly, 'mcp').declaration.annotations).toEqual({ readOnlyHint: true });
    const plain = defineTool({ name: 'plain', description: 'Nothing declared.', parameters: Type.Object({}) });
    expect('annotations' in exportTool(plain, 'mcp').declaration).toBe(false);
  });

  it('keeps an object result as it is and sends type arrays as anyOf', () => {
    const tool = defineTool({
      name: 'stat',
      description: 'File facts.',
      parameters: Type.Object({ path: Type.Unsafe<string | null>({ type: ['string', 'null'], minLength: 1 }) }),
      result: Type.Object({ size: Type.Integer() }),
    });
    const exported = exportTool(tool, 'mcp');
    expect(JSON.stringify(exported.declaration, null, 2)).toMatchInlineSnapshot(`
      "{
        "name": "stat",
        "description": "File facts.",
        "inputSchema": {
          "type": "object",
          "required": [
            "path"
          ],
          "properties": {
            "path": {
              "anyOf": [
                {
                  "type": "string"
                },
                {
                  "type": "null"
                }
              ],
              "minLength": 1
            }
          },
          "additionalProperties": false
        },
        "outputSchema": {
          "type": "object",
          "required": [
            "size"
          ],
          "properties": {
            "size": {
              "type": "integer"
            }
          }
        }
      }"
    `);
    expect(exported.loss.entries).toMatchInlineSnapshot(`
      [
        {
          "action": "rewritten",
          "detail": "type array sent as anyOf of single types",
          "keyword": "type",
          "lossy": false,
          "pointer": "/properties/path",
        },
      ]
    `);
    expect(exported.encodeResult({ size: 1 })).toEqual({ size: 1 });
  });

  it('compiles under Ajv 2020-12 in strict mode, input and output', () => {
    for (const tool of SAMPLE_TOOLS) {
      const { declaration } = exportTool(tool, 'mcp');
      expect(() => compile(declaration.inputSchema, { strict: true }), tool.name).not.toThrow();
      if (declaration.outputSchema !== undefined) {
        expect(() => compile(declaration.outputSchema, { strict: true }), tool.name).not.toThrow();
      }
    }
  });
});
