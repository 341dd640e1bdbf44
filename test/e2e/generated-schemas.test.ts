import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import formats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { EXAMPLE_PACK } from './codegen-harness.js';

// Every JSON Schema the example pack ships, read back from the checked-in generated files: each compiles
// under Ajv draft 2020-12 in strict mode, and every OpenAI-strict declaration meets OpenAI's strict rules.

const generated = join(EXAMPLE_PACK, 'generated');
const readJson = (path: string) => JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
const toolFiles = (folder: string) =>
  readdirSync(folder).filter((file) => file.endsWith('.gen.json') && !file.startsWith('loss-report'));

function strictAjv(): Ajv2020 {
  const ajv = new Ajv2020({ strict: true, strictTypes: false, allErrors: true });
  formats.default(ajv);
  ajv.addKeyword('x-wesgine-path').addKeyword('x-wesgine-command').addKeyword('x-wesgine-url');
  return ajv;
}

/** Where the JSON Schema sits inside each dialect's declaration (Gemini `parameters` is OpenAPI, not JSON Schema). */
const SCHEMA_KEYS: Record<string, readonly string[]> = {
  'openai-strict': ['parameters'],
  openai: ['parameters'],
  anthropic: ['input_schema'],
  'gemini-json': ['parametersJsonSchema'],
  mcp: ['inputSchema', 'outputSchema'],
};

describe('the generated schemas of the example pack', () => {
  it('our own schemas (parameters and results) compile under Ajv 2020-12 strict', () => {
    const files = toolFiles(join(generated, 'schemas'));
    expect(files).toHaveLength(4);
    for (const file of files) {
      const tool = readJson(join(generated, 'schemas', file));
      for (const key of ['parameters', 'result']) {
        if (tool[key] !== undefined)
          expect(() => strictAjv().compile(tool[key] as object), `${file} ${key}`).not.toThrow();
      }
    }
  });

  it.each(Object.entries(SCHEMA_KEYS))('%s declarations compile under Ajv 2020-12 strict', (dialect, keys) => {
    const folder = join(generated, 'dialects', dialect);
    for (const file of toolFiles(folder)) {
      const declaration = readJson(join(folder, file)).declaration as Record<string, unknown>;
      for (const key of keys) {
        if (declaration[key] !== undefined) {
          expect(() => strictAjv().compile(declaration[key] as object), `${dialect}/${file} ${key}`).not.toThrow();
        }
      }
    }
  });

  it('every strict OpenAI declaration follows the strict rules', () => {
    const folder = join(generated, 'dialects', 'openai-strict');
    const unsupported = new Set([
      'allOf',
      'oneOf',
      'not',
      'if',
      'then',
      'else',
      'dependentRequired',
      'dependentSchemas',
      'patternProperties',
      'propertyNames',
      'prefixItems',
      'contains',
      'unevaluatedProperties',
      'unevaluatedItems',
      'minLength',
      'maxLength',
    ]);
    const violations: string[] = [];
    const walk = (node: unknown, pointer: string) => {
      if (typeof node !== 'object' || node === null) return;
      if (Array.isArray(node)) {
        for (const [index, child] of node.entries()) walk(child, `${pointer}/${index}`);
        return;
      }
      const schema = node as Record<string, unknown>;
      for (const key of Object.keys(schema)) if (unsupported.has(key)) violations.push(`${pointer}: ${key}`);
      if (schema.type === 'object' || (Array.isArray(schema.type) && schema.type.includes('object'))) {
        if (schema.additionalProperties !== false) violations.push(`${pointer}: additionalProperties is not false`);
        const properties = Object.keys((schema.properties ?? {}) as object).sort();
        const required = [...((schema.required ?? []) as string[])].sort();
        if (JSON.stringify(properties) !== JSON.stringify(required))
          violations.push(`${pointer}: not every property is required`);
      }
      for (const [key, child] of Object.entries(schema))
        if (key !== 'enum' && key !== 'const') walk(child, `${pointer}/${key}`);
    };
    let strict = 0;
    for (const file of toolFiles(folder)) {
      const declaration = readJson(join(folder, file)).declaration as Record<string, unknown>;
      if (declaration.strict !== true) continue;
      strict++;
      walk(declaration.parameters, `${file}#`);
    }
    expect(strict).toBe(4);
    expect(violations).toEqual([]);
  });
});
