import {
  DIALECT_NAMES,
  type DialectExport,
  type DialectName,
  exportTool,
  type JsonSchemaTool,
  toJsonSchemaTool,
} from '@wesgine/schema';
import { CodegenError, type CodegenProblem, problem } from '../errors.js';
import type { LoadedPack, PackTool } from '../load/load-pack.js';
import type { Generator } from './banner.js';

/** One tool with everything the generators read: our JSON Schema form and every dialect export. */
export interface ExportedTool {
  readonly tool: PackTool;
  readonly json: JsonSchemaTool;
  readonly dialects: Readonly<Record<DialectName, DialectExport>>;
}

/** What every generator receives: the pack, who is generating, and each tool exported once. */
export interface GenerateContext {
  readonly pack: LoadedPack;
  readonly generator: Generator;
  readonly tools: readonly ExportedTool[];
}

/**
 * Exports every tool of the pack to our JSON Schema form and to every dialect, once, so the generators
 * share the work. A schema that cannot be exported (a non-JSON type, a dangling `$ref`) is a problem of
 * that tool's file.
 */
export function exportPack(pack: LoadedPack, generator: Generator): GenerateContext {
  const otherNames = pack.tools.map((tool) => tool.name);
  const problems: CodegenProblem[] = [];
  const tools: ExportedTool[] = [];
  for (const tool of pack.tools) {
    try {
      const json = toJsonSchemaTool(tool.definition);
      const dialects = {} as Record<DialectName, DialectExport>;
      for (const dialect of DIALECT_NAMES) dialects[dialect] = exportTool(tool.definition, dialect, { otherNames });
      tools.push({ tool, json, dialects });
    } catch (error) {
      const text = error instanceof Error ? error.message : String(error);
      problems.push(problem(tool.file, tool.name, `cannot be exported as JSON Schema: ${text}`));
    }
  }
  if (problems.length > 0) throw new CodegenError(problems);
  return { pack, generator, tools };
}

/**
 * Tools marked `meta.strict: true` that a strict-mode provider (`openai-strict`, `anthropic`) cannot take,
 * with the provider's reasons. Empty when every strict tool is strict-capable.
 */
export function strictProblems(context: GenerateContext): CodegenProblem[] {
  const found: CodegenProblem[] = [];
  for (const { tool, dialects } of context.tools) {
    if (tool.definition.meta.strict !== true) continue;
    const reasons = new Map<string, DialectName[]>();
    for (const dialect of ['openai-strict', 'anthropic'] as const) {
      for (const reason of dialects[dialect].loss.strictProblems)
        reasons.set(reason, [...(reasons.get(reason) ?? []), dialect]);
    }
    if (reasons.size === 0) continue;
    const listed = [...reasons].map(([reason, names]) => `${reason} (${names.join(', ')})`);
    found.push(
      problem(
        tool.file,
        tool.name,
        `tool '${tool.name}' is marked meta.strict, but strict mode cannot take it: ${listed.join('; ')}`,
      ),
    );
  }
  return found;
}
