import { existsSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { type CodegenProblem, problem } from '../errors.js';
import type { LoadedPack, PackTool } from '../load/load-pack.js';
import { listFiles } from '../plan/plan-writes.js';

interface Finding {
  readonly file: string;
  readonly tool: PackTool | undefined;
  /** Each distinct message with the lines it was reported on, in order of first appearance. */
  readonly messages: Map<string, number[]>;
}

/**
 * Type-checks the pack's handlers (`src/handlers/*.ts`) and generated TypeScript (`generated/*.gen.ts`)
 * with ts-morph under the pack's `tsconfig.json`, and turns each error into a problem of the tool it
 * belongs to: a handler file belongs to its tool, a generated line to the tool it names. One problem
 * per file and tool, its errors in order. ts-morph is loaded here only.
 */
export async function checkHandlers(pack: LoadedPack): Promise<CodegenProblem[]> {
  const { Project, ts } = await import('ts-morph');
  const tsconfig = join(pack.root, 'tsconfig.json');
  const project = existsSync(tsconfig)
    ? new Project({ tsConfigFilePath: tsconfig, skipAddingFilesFromTsConfig: true })
    : new Project({
        compilerOptions: {
          strict: true,
          module: ts.ModuleKind.NodeNext,
          moduleResolution: ts.ModuleResolutionKind.NodeNext,
          target: ts.ScriptTarget.ES2022,
          noEmit: true,
          skipLibCheck: true,
        },
      });
  const files = [
    ...listFiles(pack.root, 'src/handlers').filter((file) => file.endsWith('.ts')),
    ...listFiles(pack.root, 'generated').filter((file) => /^generated\/[^/]+\.gen\.ts$/.test(file)),
  ].sort();
  const sources = files.map((file) => project.addSourceFileAtPath(join(pack.root, file)));
  const byName = new Map(pack.tools.map((tool) => [tool.name, tool]));
  const findings = new Map<string, Finding>();
  for (const source of sources) {
    const file = relative(pack.root, source.getFilePath()).split(sep).join('/');
    for (const diagnostic of source.getPreEmitDiagnostics()) {
      if (diagnostic.getCategory() !== ts.DiagnosticCategory.Error) continue;
      const line = diagnostic.getLineNumber();
      const lineText = line === undefined ? '' : (source.getFullText().split('\n')[line - 1] ?? '');
      const flat = ts.flattenDiagnosticMessageText(diagnostic.compilerObject.messageText, ' ').replace(/\s+/g, ' ');
      const message = proofFailure(lineText, flat.trim(), diagnostic.getCode());
      const tool = file.startsWith('src/handlers/')
        ? byName.get(file.slice('src/handlers/'.length, -'.ts'.length))
        : toolOfLine(pack.tools, lineText, message);
      const key = `${file}\u0000${tool?.name ?? ''}`;
      const finding = findings.get(key) ?? { file, tool, messages: new Map<string, number[]>() };
      finding.messages.set(message, [...(finding.messages.get(message) ?? []), ...(line === undefined ? [] : [line])]);
      findings.set(key, finding);
    }
  }
  return [...findings.values()].map((finding) => problem(finding.file, finding.tool?.name, describe(finding)));
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
function toolOfLine(tools: readonly PackTool[], lineText: string, message: string): PackTool | undefined {
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
