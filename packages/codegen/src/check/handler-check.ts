import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, sep } from 'node:path';
import type TypeScript from 'typescript';
import { type CodegenProblem, problem } from '../errors.js';
import { toolIdentifiers } from '../load/identifiers.js';
import { listToolFiles, type PackTool } from '../load/load-pack.js';
import { isImportFile } from '../plan/managed-paths.js';
import { listFiles } from '../plan/plan-writes.js';
import { stateFolder } from '../state/fingerprint.js';
import {
  readTypeFingerprints,
  staleFiles,
  type TypeFingerprint,
  typeHash,
  writeTypeFingerprints,
} from '../state/type-fingerprints.js';
import { generatorVersion } from '../version.js';

/** What the check needs to know of a pack: where it is and its tools' names (to say whose error it is). */
export interface HandlerCheckTarget {
  readonly root: string;
  readonly tools: readonly Pick<PackTool, 'name' | 'identifiers'>[];
}

export interface HandlerCheckOptions {
  /** Skip the files whose recorded fingerprint still matches (default true); false checks everything. */
  readonly reuse?: boolean;
  /** Told one short line before the type check starts. */
  readonly onStep?: (line: string) => void;
}

export interface HandlerCheckResult {
  readonly problems: CodegenProblem[];
  /** Pack-relative paths of the files type-checked in this run (the others were unchanged). */
  readonly checked: readonly string[];
}

interface Finding {
  readonly file: string;
  readonly tool: Pick<PackTool, 'name' | 'identifiers'> | undefined;
  /** Each distinct message with the lines it was reported on, in order of first appearance. */
  readonly messages: Map<string, number[]>;
}

/** The step said when the generated files are current and only the type check may have work. */
export const UNCHANGED_STEP = 'tool definitions and generated files unchanged since the last run';

/** The check's view of the pack at `root` without loading it: its tools, named by their files. */
export function checkTarget(root: string): HandlerCheckTarget {
  const names = listToolFiles(root).map((file) => file.slice('tools/'.length, -'.tool.ts'.length));
  return { root, tools: names.map((name) => ({ name, identifiers: toolIdentifiers(name) })) };
}

/** The files the check looks at: the handlers and the generated TypeScript, sorted. */
export function typeCheckedFiles(root: string): string[] {
  return [
    ...listFiles(root, 'src/handlers').filter((file) => file.endsWith('.ts')),
    ...listFiles(root, 'generated').filter((file) => /^generated\/[^/]+\.gen\.ts$/.test(file) && !isImportFile(file)),
  ].sort();
}

/** The files whose fingerprint says they must be type-checked again; reads files, loads nothing. */
export function staleTypeCheckFiles(root: string): string[] {
  const files = typeCheckedFiles(root);
  return staleFiles(root, fingerprintContext(files), files, readTypeFingerprints(root));
}

/**
 * Type-checks the pack's handlers (`src/handlers/*.ts`) and generated TypeScript (`generated/*.gen.ts`)
 * with the TypeScript compiler under the pack's `tsconfig.json`, and turns each error into a problem of
 * the tool it belongs to: a handler file belongs to its tool, a generated line to the tool it names. One
 * problem per file and tool, its errors in order.
 *
 * Fast when little changed: a file whose fingerprint (its bytes and those of everything it imports)
 * matches the last pass is not checked, so with nothing changed TypeScript is not even loaded; and the
 * compiler's incremental state (a `.tsbuildinfo` next to the fingerprints) spares re-checking files whose
 * imports kept their shape. A missing or broken state only means a full check.
 */
export async function checkHandlers(
  target: HandlerCheckTarget,
  options: HandlerCheckOptions = {},
): Promise<HandlerCheckResult> {
  const { root } = target;
  const files = typeCheckedFiles(root);
  const context = fingerprintContext(files);
  const recorded = options.reuse === false ? {} : readTypeFingerprints(root);
  const stale = staleFiles(root, context, files, recorded);
  if (stale.length === 0) return { problems: [], checked: [] };
  options.onStep?.(`type-checking ${describeFiles(stale)}…`);

  const ts = loadTypeScript();
  const buildInfo = join(stateFolder(root), 'typecheck.tsbuildinfo');
  if (options.reuse === false) rmSync(buildInfo, { force: true });
  const settings = readCompilerOptions(ts, root);
  if ('unreadable' in settings) {
    return {
      problems: [problem('tsconfig.json', undefined, `cannot be read: ${settings.unreadable}`)],
      checked: stale,
    };
  }
  const { compilerOptions, configFiles } = settings;
  const program = createProgram(ts, {
    rootNames: files.map((file) => join(root, file)),
    options: { ...compilerOptions, ...CHECK_OPTIONS, tsBuildInfoFile: buildInfo },
  });

  const byName = new Map(target.tools.map((tool) => [tool.name, tool]));
  const findings = new Map<string, Finding>();
  const fingerprints: Record<string, TypeFingerprint> = {};
  for (const [file, fingerprint] of Object.entries(recorded)) {
    if (files.includes(file) && !stale.includes(file)) fingerprints[file] = fingerprint;
  }
  const shared = [...program.getOptionsDiagnostics(), ...program.getGlobalDiagnostics()];
  for (const file of stale) {
    const source = program.getSourceFile(join(root, file));
    if (source === undefined) continue;
    const diagnostics = ts.sortAndDeduplicateDiagnostics([
      ...shared,
      ...program.getSyntacticDiagnostics(source),
      ...program.getSemanticDiagnostics(source),
    ]);
    const errors = diagnostics.filter((diagnostic) => diagnostic.category === ts.DiagnosticCategory.Error);
    if (errors.length === 0) {
      const depends = dependencies(ts, program, source, root, configFiles);
      fingerprints[file] = { files: depends, hash: typeHash(root, context, depends) };
      continue;
    }
    const lines = source.text.split('\n');
    for (const diagnostic of errors) {
      const line =
        diagnostic.file === undefined || diagnostic.start === undefined
          ? undefined
          : diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start).line + 1;
      const lineText = line === undefined ? '' : (lines[line - 1] ?? '');
      const flat = ts.flattenDiagnosticMessageText(diagnostic.messageText, ' ').replace(/\s+/g, ' ');
      const message = proofFailure(lineText, flat.trim(), diagnostic.code);
      const tool = file.startsWith('src/handlers/')
        ? byName.get(file.slice('src/handlers/'.length, -'.ts'.length))
        : toolOfLine(target.tools, lineText, message);
      const key = `${file}\u0000${tool?.name ?? ''}`;
      const finding = findings.get(key) ?? { file, tool, messages: new Map<string, number[]>() };
      finding.messages.set(message, [...(finding.messages.get(message) ?? []), ...(line === undefined ? [] : [line])]);
      findings.set(key, finding);
    }
  }
  writeBuildInfo(program, buildInfo);
  writeTypeFingerprints(root, fingerprints);
  const problems = [...findings.values()].map((finding) =>
    problem(finding.file, finding.tool?.name, describe(finding)),
  );
  return { problems, checked: stale };
}

/**
 * TypeScript through `require`: it is CommonJS, and `import()` of it would first run Node's CommonJS
 * export scanner over its 9 MB, and after `loadPack` pass it through tsx's loader thread too; together
 * about half a second.
 */
function loadTypeScript(): typeof TypeScript {
  return createRequire(import.meta.url)('typescript') as typeof TypeScript;
}

/** Only the verdict is wanted: no output, no checks of library declarations, no declaration emit. */
const CHECK_OPTIONS = {
  noEmit: true,
  incremental: true,
  skipLibCheck: true,
  composite: false,
  declaration: false,
  declarationMap: false,
  emitDeclarationOnly: false,
} as const;

/** The checker's version and the set of files checked together go into every fingerprint. */
function fingerprintContext(files: readonly string[]): string {
  return `${generatorVersion()}\n${files.join('\n')}`;
}

function describeFiles(files: readonly string[]): string {
  const handlers = files.filter((file) => file.startsWith('src/handlers/')).length;
  const generated = files.length - handlers;
  const parts = [
    ...(handlers > 0 ? [`${handlers} handler${handlers === 1 ? '' : 's'}`] : []),
    ...(generated > 0 ? [`${generated} generated file${generated === 1 ? '' : 's'}`] : []),
  ];
  return parts.join(' and ');
}

type CompilerSettings =
  | { readonly compilerOptions: TypeScript.CompilerOptions; readonly configFiles: readonly string[] }
  | { readonly unreadable: string };

function readCompilerOptions(ts: typeof TypeScript, root: string): CompilerSettings {
  const tsconfig = join(root, 'tsconfig.json');
  if (!existsSync(tsconfig)) {
    return {
      compilerOptions: {
        strict: true,
        module: ts.ModuleKind.NodeNext,
        moduleResolution: ts.ModuleResolutionKind.NodeNext,
        target: ts.ScriptTarget.ES2022,
      },
      configFiles: [],
    };
  }
  let unreadable = 'TypeScript could not read it';
  const parsed = ts.getParsedCommandLineOfConfigFile(tsconfig, undefined, {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
      unreadable = ts.flattenDiagnosticMessageText(diagnostic.messageText, ' ');
    },
  });
  if (parsed === undefined) return { unreadable };
  // `configFile` is set by the parser; its `extendedSourceFiles` is the `extends` chain.
  const configFile = parsed.options.configFile as { extendedSourceFiles?: readonly string[] } | undefined;
  return { compilerOptions: parsed.options, configFiles: [tsconfig, ...(configFile?.extendedSourceFiles ?? [])] };
}

/**
 * An incremental program over `rootNames`. A `.tsbuildinfo` that TypeScript cannot read (truncated, or
 * from another version) is deleted and the program made without it.
 */
function createProgram(
  ts: typeof TypeScript,
  input: { rootNames: string[]; options: TypeScript.CompilerOptions },
): TypeScript.EmitAndSemanticDiagnosticsBuilderProgram {
  const make = () => {
    const host = ts.createIncrementalCompilerHost(input.options, ts.sys);
    // As `tsc` does: JSDoc is parsed only where it can make a type error (JS files), which spares
    // reading the comments of every library declaration.
    host.jsDocParsingMode = ts.JSDocParsingMode.ParseForTypeErrors;
    return ts.createIncrementalProgram({ ...input, host });
  };
  try {
    return make();
  } catch {
    rmSync(input.options.tsBuildInfoFile ?? '', { force: true });
    return make();
  }
}

function writeBuildInfo(program: TypeScript.EmitAndSemanticDiagnosticsBuilderProgram, path: string): void {
  try {
    mkdirSync(dirname(path), { recursive: true });
    // With `noEmit` and `incremental`, emitting writes the .tsbuildinfo and nothing else.
    program.emit();
  } catch {
    // Only a cache: the next run checks more.
  }
}

/**
 * The files the verdict on `source` depends on, as fingerprint paths: `source` and everything it
 * imports, the declarations every file sees (lib files, `types`), and the tsconfig chain. A file inside
 * node_modules stands for its package, through that package's `package.json`.
 */
function dependencies(
  ts: typeof TypeScript,
  program: TypeScript.EmitAndSemanticDiagnosticsBuilderProgram,
  source: TypeScript.SourceFile,
  root: string,
  configFiles: readonly string[],
): string[] {
  const global = program
    .getSourceFiles()
    .filter((file) => !ts.isExternalModule(file))
    .map((file) => file.fileName);
  const paths = new Set<string>();
  for (const file of [source.fileName, ...program.getAllDependencies(source), ...global]) {
    paths.add(fingerprintPath(root, packageManifestOf(file) ?? file));
  }
  for (const file of configFiles) paths.add(fingerprintPath(root, file));
  return [...paths].sort();
}

/** `…/node_modules/<name or @scope/name>/package.json` for a file in node_modules, else undefined. */
function packageManifestOf(file: string): string | undefined {
  const marker = '/node_modules/';
  const at = file.replaceAll('\\', '/').lastIndexOf(marker);
  if (at === -1) return undefined;
  const rest = file.slice(at + marker.length).split('/');
  const name = rest[0]?.startsWith('@') ? rest.slice(0, 2) : rest.slice(0, 1);
  return `${file.slice(0, at + marker.length)}${name.join('/')}/package.json`;
}

/** Pack-relative posix path for a file inside the pack, else the absolute path. */
function fingerprintPath(root: string, file: string): string {
  const inside = relative(root, file);
  if (inside.startsWith('..') || inside === '' || inside.includes(`node_modules${sep}`)) return file;
  return inside.split(sep).join('/');
}

function describe({ file, tool, messages }: Finding): string {
  const details = [...messages]
    .map(([message, lines]) =>
      lines.length === 0 ? message : `${message} (line${lines.length === 1 ? '' : 's'} ${lines.join(', ')})`,
    )
    .join(' ');
  if (tool === undefined) return `does not type-check: ${details}`;
  if (file.startsWith('src/handlers/'))
    return `the handler of tool '${tool.name}' no longer matches its types: ${details}`;
  if (file === 'generated/types.gen.ts') {
    return `the generated types of tool '${tool.name}' differ from the Static type of its schema: ${details}`;
  }
  return `the handler of tool '${tool.name}' does not fit ${file} (src/handlers/${tool.name}.ts must export ${tool.identifiers.camel} typed for the tool): ${details}`;
}

/** TS2344, "Type 'false' does not satisfy the constraint 'true'": how a failed `Assert<...>` reports. */
const TYPE_DOES_NOT_SATISFY_CONSTRAINT = 2344;

/** A failed `Assert<Equal<...>>` line in types.gen.ts, said plainly; any other message as it is. */
function proofFailure(lineText: string, message: string, code: number): string {
  const proof = /Assert<Equal<([A-Za-z0-9_$]+), Static<typeof [A-Za-z0-9_$]+\.(parameters|result)>>>/.exec(lineText);
  if (proof === null || code !== TYPE_DOES_NOT_SATISFY_CONSTRAINT) return message;
  return `${proof[1]} is not exactly the Static type of its ${proof[2]} schema; json-schema-to-typescript cannot print this schema faithfully (Type.Readonly, Type.Any or an additionalProperties schema are such cases), so simplify it.`;
}

/** The tool a generated line (or, failing that, the error message) is about. */
function toolOfLine(
  tools: readonly Pick<PackTool, 'name' | 'identifiers'>[],
  lineText: string,
  message: string,
): Pick<PackTool, 'name' | 'identifiers'> | undefined {
  for (const tool of tools) {
    const { camel, pascal, definition } = tool.identifiers;
    const words = new RegExp(`\\b(?:${camel}|${definition}|${pascal}Args|${pascal}Result)\\b`);
    if (
      lineText.includes(`'${tool.name}'`) ||
      lineText.includes(`/${tool.name}.js'`) ||
      lineText.includes(`/${tool.name}.tool.js'`) ||
      words.test(lineText)
    ) {
      return tool;
    }
  }
  return tools.find((tool) => message.includes(`'${tool.name}'`));
}
