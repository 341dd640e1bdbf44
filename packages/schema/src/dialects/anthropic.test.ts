import { Type } from '@sinclair/typebox';
import { describe, expect, it } from 'vitest';
import { defineTool } from '../tool/define-tool.js';
import { compile } from './ajv.test.fixture.js';
import { exportTool } from './export-tool.js';
import { drawTree, readFile, runShell, SAMPLE_TOOLS } from './sample-tools.test.fixture.js';

describe('anthropic', () => {
  it('exports { name, description, input_schema } with full JSON Schema', () => {
    const exported = exportTool(readFile, 'anthropic');
    expect(JSON.stringify(exported.declaration, null, 2)).toMatchInlineSnapshot(`
      "{
        "name": "fs_read",
        "description": "Read a text file.",
        "input_schema": {
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
        }
      }"
    `);
    expect(exported.loss).toMatchInlineSnapshot(`
      {
        "dialect": "anthropic",
        "entries": [
          {
            "action": "dropped",
            "detail": "path parameter (read access): the Sandbox checks it before the handler runs; the provider is not told",
            "keyword": "x-wesgine-path",
            "lossy": false,
            "pointer": "/properties/path",
          },
        ],
        "hasStrictMode": true,
        "lossless": true,
        "providerName": "fs_read",
        "strictCapable": true,
        "strictProblems": [],
        "tool": "fs.read",
        "warnings": [],
      }
    `);
  });

  it('judges strict mode: recursion and free-form maps cannot be strict, bounds can be described', () => {
    expect(exportTool(drawTree, 'anthropic').loss.strictProblems).toEqual([
      "/properties/root: a recursive schema ($ref '#/$defs/TreeNode') is not supported in strict mode",
      "/$defs/TreeNode/properties/children/items: a recursive schema ($ref '#/$defs/TreeNode') is not supported in strict mode",
    ]);
    expect(exportTool(runShell, 'anthropic').loss.strictProblems).toEqual([
      '/properties/env: a free-form map (patternProperties, as Type.Record makes) cannot be strict; list the keys with Type.Object, or take an array of { key, value } objects',
    ]);
    expect(exportTool(readFile, 'anthropic').loss.strictCapable).toBe(true);
  });

  it('applies the per-request limits to one tool', () => {
    const many = Object.fromEntries(
      Array.from({ length: 25 }, (_, index) => [
        `p${index}`,
        Type.Optional(Type.Union([Type.String(), Type.Number()])),
      ]),
    );
    const wide = defineTool({ name: 'wide', description: 'Many options.', parameters: Type.Object(many) });
    expect(exportTool(wide, 'anthropic').loss.strictProblems).toEqual([
      '25 optional properties, over the strict limit of 24 per request',
      '25 properties use anyOf or a type array, over the strict limit of 16 per request',
    ]);
  });

  it('compiles under Ajv 2020-12 in strict mode', () => {
    for (const tool of SAMPLE_TOOLS) {
      expect(() => compile(exportTool(tool, 'anthropic').declaration.input_schema, { strict: true })).not.toThrow();
    }
  });
});
