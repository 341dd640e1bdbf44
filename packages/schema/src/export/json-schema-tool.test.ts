import { Type } from '@sinclair/typebox';
import { describe, expect, it } from 'vitest';
import { compile, errorsOf } from '../dialects/ajv.test.fixture.js';
import { SAMPLE_TOOLS, search } from '../dialects/sample-tools.test.fixture.js';
import { Command } from '../params/command.js';
import { defineTool } from '../tool/define-tool.js';
import { JSON_SCHEMA_DRAFT, toJsonSchemaTool } from './json-schema-tool.js';

describe('toJsonSchemaTool', () => {
  it('puts $schema first and keeps the x-wesgine keywords for governance', () => {
    const tool = defineTool({
      name: 'run',
      description: 'Run a command.',
      parameters: Type.Object({ command: Command() }, { $schema: 'http://json-schema.org/draft-07/schema#' }),
      result: Type.Object({ code: Type.Integer() }),
    });
    expect(toJsonSchemaTool(tool)).toMatchInlineSnapshot(`
      {
        "description": "Run a command.",
        "name": "run",
        "parameters": {
          "$schema": "https://json-schema.org/draft/2020-12/schema",
          "additionalProperties": false,
          "properties": {
            "command": {
              "type": "string",
              "x-wesgine-command": true,
            },
          },
          "required": [
            "command",
          ],
          "type": "object",
        },
        "result": {
          "$schema": "https://json-schema.org/draft/2020-12/schema",
          "properties": {
            "code": {
              "type": "integer",
            },
          },
          "required": [
            "code",
          ],
          "type": "object",
        },
      }
    `);
    expect(Object.keys(toJsonSchemaTool(tool).parameters)[0]).toBe('$schema');
  });

  it('leaves result out when the tool declares none', () => {
    const tool = defineTool({ name: 't', description: 'x', parameters: Type.Object({}) });
    expect('result' in toJsonSchemaTool(tool)).toBe(false);
  });

  it('compiles under Ajv draft 2020-12 for every sample tool, parameters and result', () => {
    for (const tool of SAMPLE_TOOLS) {
      const exported = toJsonSchemaTool(tool);
      expect(exported.parameters.$schema).toBe(JSON_SCHEMA_DRAFT);
      expect(() => compile(exported.parameters), tool.name).not.toThrow();
      if (exported.result !== undefined) expect(() => compile(exported.result), tool.name).not.toThrow();
    }
  });

  it('validates the same way as the TypeBox schema it came from', () => {
    const validate = compile(toJsonSchemaTool(search).parameters);
    expect(errorsOf(validate, { query: 'cats', mode: 'fast', depth: 2, safe: true })).toEqual([]);
    expect(errorsOf(validate, { query: 'ca', mode: 'slow', depth: 4, safe: true })).toEqual([
      '/query must NOT have fewer than 3 characters',
      '/mode must be equal to constant',
      '/mode must be equal to constant',
      '/mode must match a schema in anyOf',
      '/depth must be equal to constant',
      '/depth must be equal to constant',
      '/depth must be equal to constant',
      '/depth must match a schema in anyOf',
    ]);
  });

  it('is deterministic', () => {
    for (const tool of SAMPLE_TOOLS) {
      expect(JSON.stringify(toJsonSchemaTool(tool))).toBe(JSON.stringify(toJsonSchemaTool(tool)));
    }
  });
});
