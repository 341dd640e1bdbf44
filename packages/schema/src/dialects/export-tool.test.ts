import { Type } from '@sinclair/typebox';
import { describe, expect, it } from 'vitest';
import { ToolError } from '../errors/tool-error.js';
import { EXTENSION_KEYWORDS } from '../params/keywords.js';
import { defineTool } from '../tool/define-tool.js';
import { compile } from './ajv.test.fixture.js';
import { DIALECT_NAMES, type DialectName } from './dialect-name.js';
import { exportTool, exportToolAllDialects, exportTools } from './export-tool.js';
import { fnv1a } from './fnv1a.js';
import { readFile, runShell, SAMPLE_TOOLS } from './sample-tools.test.fixture.js';

const SCHEMA_FIELD: Readonly<Record<DialectName, string>> = {
  'openai-strict': 'parameters',
  openai: 'parameters',
  anthropic: 'input_schema',
  gemini: 'parameters',
  'gemini-json': 'parametersJsonSchema',
  mcp: 'inputSchema',
};

function definitionError(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    expect(ToolError.isInstance(error)).toBe(true);
    return (error as Error).message;
  }
  throw new Error('expected a ToolDefinitionError');
}

describe('exportTool', () => {
  it('strips every extension keyword in every dialect and records each as dropped, not lossy', () => {
    for (const exported of SAMPLE_TOOLS.flatMap((tool) => exportToolAllDialects(tool))) {
      const text = JSON.stringify(exported.declaration);
      for (const keyword of EXTENSION_KEYWORDS) expect(text, exported.dialect).not.toContain(keyword);
      expect(text).not.toContain('$schema');
      expect(text).not.toContain('"$id"');
    }
    const drops = exportToolAllDialects(runShell).map((exported) =>
      exported.loss.entries
        .filter((entry) => entry.keyword.startsWith('x-wesgine-'))
        .map((entry) => `${entry.pointer} ${entry.keyword} ${entry.action} ${entry.lossy}`),
    );
    for (const dialectDrops of drops) {
      expect(dialectDrops).toEqual([
        '/properties/command x-wesgine-command dropped false',
        '/properties/cwd x-wesgine-path dropped false',
      ]);
    }
  });

  it('compiles every JSON Schema dialect under Ajv 2020-12', () => {
    for (const tool of SAMPLE_TOOLS) {
      for (const dialect of DIALECT_NAMES.filter((name) => name !== 'gemini')) {
        const schema = exportTool(tool, dialect).declaration[SCHEMA_FIELD[dialect]];
        expect(() => compile(schema), `${tool.name} ${dialect}`).not.toThrow();
      }
    }
  });

  it('is deterministic and leaves the tool untouched', () => {
    for (const tool of SAMPLE_TOOLS) {
      const before = JSON.stringify(tool.parameters);
      const first = exportToolAllDialects(tool).map((exported) =>
        JSON.stringify([exported.declaration, exported.loss]),
      );
      const second = exportToolAllDialects(tool).map((exported) =>
        JSON.stringify([exported.declaration, exported.loss]),
      );
      expect(first).toEqual(second);
      expect(JSON.stringify(tool.parameters)).toBe(before);
    }
  });

  it('exports every dialect in DIALECT_NAMES order, each with the provider name and the canonical one', () => {
    expect(
      exportToolAllDialects(readFile).map((exported) => [exported.dialect, exported.name, exported.loss.tool]),
    ).toEqual([
      ['openai-strict', 'fs_read', 'fs.read'],
      ['openai', 'fs_read', 'fs.read'],
      ['anthropic', 'fs_read', 'fs.read'],
      ['gemini', 'fs.read', 'fs.read'],
      ['gemini-json', 'fs.read', 'fs.read'],
      ['mcp', 'fs.read', 'fs.read'],
    ]);
    for (const exported of exportToolAllDialects(readFile)) {
      expect(exported.declaration.name).toBe(exported.name);
      expect(exported.loss.providerName).toBe(exported.name);
    }
  });

  it('makes provider names distinct across a set of tools', () => {
    const dotted = defineTool({ name: 'fs.read', description: 'Dotted.', parameters: Type.Object({}) });
    const plain = defineTool({ name: 'fs_read', description: 'Plain.', parameters: Type.Object({}) });
    expect(exportTools([dotted, plain], 'openai').map((exported) => exported.name)).toEqual([
      `fs_read_${fnv1a('fs.read')}`,
      'fs_read',
    ]);
    expect(exportTools([dotted, plain], 'mcp').map((exported) => exported.name)).toEqual(['fs.read', 'fs_read']);
  });

  it('refuses a $ref that resolves nowhere and a type that is not JSON, naming the tool', () => {
    const dangling = defineTool({
      name: 'dangling',
      description: 'Refers to nothing.',
      parameters: Type.Object({ point: Type.Ref('Point') }),
    });
    expect(definitionError(() => exportTool(dangling, 'openai'))).toBe(
      "tool 'dangling': the $ref 'Point' at /properties/point does not resolve inside the schema; define its target in the same schema (Type.Module or Type.Recursive) so it can be exported",
    );
    const dated = defineTool({ name: 'dated', description: 'A Date.', parameters: Type.Object({ at: Type.Date() }) });
    expect(definitionError(() => exportTool(dated, 'mcp'))).toBe(
      "tool 'dated': the schema at /properties/at has type 'Date', which is not a JSON type; tool arguments and results travel as JSON",
    );
  });

  it('refuses an unknown dialect', () => {
    expect(() => exportTool(readFile, 'cohere' as DialectName)).toThrow(
      'unknown dialect "cohere"; expected one of openai-strict, openai, anthropic, gemini, gemini-json, mcp',
    );
  });

  it('reports strict mode only for dialects that have one', () => {
    expect(
      exportToolAllDialects(runShell).map((exported) => [
        exported.dialect,
        exported.loss.hasStrictMode,
        exported.loss.strictCapable,
      ]),
    ).toEqual([
      ['openai-strict', true, false],
      ['openai', true, false],
      ['anthropic', true, false],
      ['gemini', false, false],
      ['gemini-json', false, false],
      ['mcp', false, false],
    ]);
  });
});
