import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { AnyToolDefinition } from '@wesgine/schema';
import { compareText } from '../compare-text.js';
import { CodegenError, type CodegenProblem, problem } from '../errors.js';
import { generatedNameClash, identifierCollisions, type ToolIdentifiers, toolIdentifiers } from './identifiers.js';
import { missingPackage, missingPackageMessage } from './missing-package.js';
import { shareInstalledModules } from './share-installed-modules.js';

/** One tool of a pack, as loaded from `tools/<name>.tool.ts`. */
export interface PackTool {
  readonly name: string;
  /** Pack-relative posix path of the definition file. */
  readonly file: string;
  readonly definition: AnyToolDefinition;
  readonly identifiers: ToolIdentifiers;
}

/** A tool pack's identity and its tools, sorted by name. */
export interface LoadedPack {
  readonly root: string;
  readonly name: string;
  readonly version: string;
  readonly tools: readonly PackTool[];
  /**
   * Every file outside node_modules that loading the definitions imported (absolute, sorted): local
   * modules the tools share, and linked workspace packages such as @wesgine/schema itself.
   */
  readonly sources: readonly string[];
}

const TOOL_SUFFIX = '.tool.ts';
let loads = 0;

/** The pack-relative paths of `tools/*.tool.ts`, sorted; empty when there is no `tools/` folder. */
export function listToolFiles(root: string): string[] {
  let names: string[];
  try {
    names = readdirSync(join(root, 'tools'));
  } catch {
    return [];
  }
  return names
    .filter((name) => name.endsWith(TOOL_SUFFIX))
    .sort(compareText)
    .map((name) => `tools/${name}`);
}

/**
 * Reads `package.json` and imports every `tools/*.tool.ts` (in sorted order, through tsx). Every file
 * is tried, and all problems come back together in one `CodegenError`: a file that does not compile or
 * throws, no default export, a default export not made by `defineTool`, a name that differs from the
 * file name, two names that map to the same TypeScript identifiers.
 */
export async function loadPack(root: string): Promise<LoadedPack> {
  const { name, version } = readPackageJson(root);
  const files = listToolFiles(root);
  if (files.length === 0) {
    throw new CodegenError([
      problem('tools/', undefined, 'no *.tool.ts files: add one with `wesgine-tools new <tool>`'),
    ]);
  }
  // Loaded here, not at the top: `check` of an unchanged pack and the other commands never need them.
  const [{ register }, schema] = await Promise.all([import('tsx/esm/api'), import('@wesgine/schema')]);
  loads += 1;
  // The pack's own tsconfig.json (not the one of the current folder) decides how tsx compiles its files.
  const tsconfig = join(root, 'tsconfig.json');
  const imported = new Set<string>();
  const api = register({
    namespace: `wesgine-codegen-${process.pid}-${loads}`,
    onImport: (url) => {
      if (url.startsWith('file:')) {
        const path = fileURLToPath(url.split('?')[0] ?? url);
        if (!path.split(sep).includes('node_modules')) imported.add(path);
      }
    },
    tsconfig: existsSync(tsconfig) ? tsconfig : false,
  });
  shareInstalledModules();
  const problems: CodegenProblem[] = [];
  const tools: PackTool[] = [];
  const missing: string[] = [];
  try {
    // Imported concurrently (tsx compiles off the main thread); results are taken in sorted file order.
    const results = await Promise.all(
      files.map((file) => loadOne(schema, root, file, (specifier) => api.import(specifier, import.meta.url))),
    );
    for (const loaded of results) {
      if ('missing' in loaded) missing.push(loaded.missing);
      else if ('problem' in loaded) problems.push(loaded.problem);
      else tools.push(loaded.tool);
    }
  } finally {
    await api.unregister();
  }
  // One line for the whole pack: every definition imports @wesgine/schema, so one missing install would
  // otherwise be said once per tool, and the fix is the same for all of them.
  if (missing.length > 0)
    throw new CodegenError([problem('package.json', undefined, missingPackageMessage(root, missing))]);
  for (const { names, identifier } of identifierCollisions(tools.map((tool) => tool.name))) {
    const quoted = names.map((item) => `'${item}'`).join(' and ');
    const last = names.at(-1) ?? '';
    problems.push(
      problem(
        `tools/${last}${TOOL_SUFFIX}`,
        last,
        `tools ${quoted} both map to the TypeScript name ${identifier}; rename one of them`,
      ),
    );
  }
  for (const tool of tools) {
    const clash = generatedNameClash(tool.name);
    if (clash !== undefined) {
      problems.push(
        problem(
          tool.file,
          tool.name,
          `maps to the TypeScript name ${clash}, which the generated files use themselves; rename the tool`,
        ),
      );
    }
  }
  if (problems.length > 0) throw new CodegenError(problems);
  const sources = [...imported].sort(compareText);
  return { root, name, version, tools: tools.sort((a, b) => compareText(a.name, b.name)), sources };
}

type Loaded = { readonly tool: PackTool } | { readonly problem: CodegenProblem } | { readonly missing: string };

type Schema = typeof import('@wesgine/schema');

async function loadOne(
  { isToolDefinition, ToolError }: Schema,
  root: string,
  file: string,
  importFile: (specifier: string) => Promise<unknown>,
): Promise<Loaded> {
  const stem = file.slice('tools/'.length, -TOOL_SUFFIX.length);
  let module: { default?: unknown };
  try {
    module = (await importFile(pathToFileURL(join(root, file)).href)) as { default?: unknown };
  } catch (error) {
    const name = missingPackage(error);
    return name === undefined ? { problem: loadFailure(ToolError, root, file, stem, error) } : { missing: name };
  }
  const definition = defaultExport(module);
  if (definition === undefined) {
    return {
      problem: problem(file, stem, 'has no default export; write `export default defineTool({ ... })`'),
    };
  }
  if (!isToolDefinition(definition)) {
    return {
      problem: problem(file, stem, 'the default export was not made by defineTool(...) from @wesgine/schema'),
    };
  }
  if (definition.name !== stem) {
    return {
      problem: problem(
        file,
        definition.name,
        `defines tool '${definition.name}' but the file is named for '${stem}'; rename the file to tools/${definition.name}${TOOL_SUFFIX} or change the name`,
      ),
    };
  }
  return { tool: { name: stem, file, definition, identifiers: toolIdentifiers(stem) } };
}

function loadFailure(
  ToolError: Schema['ToolError'],
  root: string,
  file: string,
  stem: string,
  error: unknown,
): CodegenProblem {
  if (ToolError.isInstance(error) && error.code === 'invalid_definition') {
    const named = (error.data as { tool?: unknown } | undefined)?.tool;
    const tool = typeof named === 'string' ? named : stem;
    const text = error.message.startsWith(`tool '${tool}': `)
      ? error.message.slice(`tool '${tool}': `.length)
      : error.message;
    return problem(file, tool, `defineTool rejected the definition: ${text}`);
  }
  if (error instanceof Error && error.name === 'TransformError') {
    const found = [...error.message.matchAll(/^.*?:(\d+):(\d+): ERROR: (.*)$/gm)];
    const texts = found.map(([, line, column, text]) => `line ${line}, column ${column}: ${text}`);
    if (texts.length > 0) return problem(file, stem, `does not compile: ${texts.join('; ')}`);
  }
  const text = error instanceof Error ? error.message : String(error);
  const relative = text.split(pathToFileURL(root).href).join('').split(`${root}/`).join('');
  return problem(file, stem, `threw while loading: ${relative.trim()}`);
}

function readPackageJson(root: string): { name: string; version: string } {
  let manifest: { name?: unknown; version?: unknown };
  try {
    manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as typeof manifest;
  } catch (error) {
    throw new CodegenError([problem('package.json', undefined, `cannot be read: ${(error as Error).message}`)]);
  }
  if (typeof manifest.name !== 'string' || typeof manifest.version !== 'string') {
    throw new CodegenError([problem('package.json', undefined, 'needs a string "name" and a string "version"')]);
  }
  return { name: manifest.name, version: manifest.version };
}

/**
 * A module's default export. In a package without `"type": "module"` a `.ts` file is CommonJS, and Node
 * hands ESM its whole `module.exports` as the default: the author's `export default` is inside it.
 */
export function defaultExport(module: { default?: unknown }): unknown {
  const value = module.default;
  const inner = (value as { __esModule?: unknown; default?: unknown } | null | undefined) ?? undefined;
  return typeof inner === 'object' && inner !== null && inner.__esModule === true ? inner.default : value;
}
