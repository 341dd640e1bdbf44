// The reference for gen.bench.ts: the same output paths as `generateFiles`, rendered the cheapest way
// (JSON.stringify of the plain schema, string templates for TypeScript and Markdown), no dialect work.
import { createHash } from 'node:crypto';
import type { LoadedPack } from '../../packages/codegen/src/load/load-pack.js';

const DIALECTS = ['openai-strict', 'openai', 'anthropic', 'gemini', 'gemini-json', 'mcp'];

interface File {
  readonly path: string;
  readonly contents: string;
}

type Schema = Record<string, unknown>;

function json(value: unknown): string {
  return `${JSON.stringify({ $generated: 'generated, do not edit', ...(value as object) }, null, 2)}\n`;
}

function tsType(schema: Schema): string {
  if ('const' in schema) return JSON.stringify(schema.const);
  if (Array.isArray(schema.anyOf)) return (schema.anyOf as Schema[]).map(tsType).join(' | ');
  switch (schema.type) {
    case 'string':
      return 'string';
    case 'integer':
    case 'number':
      return 'number';
    case 'boolean':
      return 'boolean';
    case 'null':
      return 'null';
    case 'array':
      return `(${tsType(schema.items as Schema)})[]`;
    case 'object': {
      const properties = (schema.properties ?? {}) as Record<string, Schema>;
      const required = new Set((schema.required ?? []) as string[]);
      const members = Object.entries(properties).map(
        ([key, value]) => `${JSON.stringify(key)}${required.has(key) ? '' : '?'}: ${tsType(value)};`,
      );
      return members.length === 0 ? '{ [key: string]: unknown }' : `{ ${members.join(' ')} }`;
    }
    default:
      return 'unknown';
  }
}

export function referenceFiles(pack: LoadedPack): File[] {
  const files: File[] = [];
  const plain = pack.tools.map(({ name, definition }) => ({
    name,
    description: definition.description,
    parameters: JSON.parse(JSON.stringify(definition.parameters)) as Schema,
  }));
  files.push({ path: 'generated/tools.gen.json', contents: json({ tools: plain }) });
  for (const tool of plain) {
    files.push({ path: `generated/schemas/${tool.name}.gen.json`, contents: json(tool) });
    for (const dialect of DIALECTS) {
      files.push({
        path: `generated/dialects/${dialect}/${tool.name}.gen.json`,
        contents: json({ declaration: tool }),
      });
    }
  }
  for (const dialect of DIALECTS) {
    files.push({ path: `generated/dialects/${dialect}/loss-report.gen.json`, contents: json({ tools: [] }) });
  }
  const pascal = (name: string) =>
    name
      .split('.')
      .map((word) => `${word[0]?.toUpperCase()}${word.slice(1)}`)
      .join('');
  files.push({
    path: 'generated/types.gen.ts',
    contents: plain.map((tool) => `export type ${pascal(tool.name)}Args = ${tsType(tool.parameters)};\n`).join(''),
  });
  files.push({
    path: 'generated/categories.gen.ts',
    contents: `export const categories = {\n${plain.map((tool) => `  '${tool.name}': 'action',\n`).join('')}};\n`,
  });
  files.push({
    path: 'generated/handlers.gen.ts',
    contents: plain.map((tool) => `import { x } from '../src/handlers/${tool.name}.js';\n`).join(''),
  });
  files.push({
    path: 'docs/tools.md',
    contents: plain.map((tool) => `## ${tool.name}\n\n${tool.description}\n\n`).join(''),
  });
  const hash = (value: unknown) => createHash('sha256').update(JSON.stringify(value)).digest('hex');
  files.push({
    path: 'toolpack.json',
    contents: json({ tools: plain.map((tool) => ({ name: tool.name, schemaHash: hash(tool.parameters) })) }),
  });
  return files;
}
