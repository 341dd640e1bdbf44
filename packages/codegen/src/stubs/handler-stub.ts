import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { GeneratedFile } from '../generate/generated-file.js';
import { argsTypeName, resultTypeName } from '../generate/types-ts.js';
import type { LoadedPack, PackTool } from '../load/load-pack.js';

/** The pack-relative path of a tool's hand-written handler. */
export function handlerPath(name: string): string {
  return `src/handlers/${name}.ts`;
}

/** The tools of `pack` whose handler file does not exist yet. */
export function toolsWithoutHandler(pack: LoadedPack): PackTool[] {
  return pack.tools.filter((tool) => !existsSync(join(pack.root, handlerPath(tool.name))));
}

/**
 * Typed stubs for `tools` (the ones without a handler): a `ToolHandler` of the generated argument and
 * result types that throws `not_implemented`. Built with ts-morph structures, loaded only when a stub
 * is needed. The caller writes them only where no file exists: a stub never replaces a handler.
 */
export async function handlerStubs(tools: readonly PackTool[]): Promise<GeneratedFile[]> {
  if (tools.length === 0) return [];
  const { IndentationText, Project, QuoteKind, StructureKind, ts, VariableDeclarationKind } = await import('ts-morph');
  const project = new Project({
    useInMemoryFileSystem: true,
    skipLoadingLibFiles: true,
    manipulationSettings: { quoteKind: QuoteKind.Single, indentationText: IndentationText.TwoSpaces },
  });
  return tools.map((tool) => {
    const args = argsTypeName(tool);
    const types = tool.definition.result === undefined ? [args] : [args, resultTypeName(tool)];
    const file = project.createSourceFile(handlerPath(tool.name), {
      statements: [
        {
          kind: StructureKind.ImportDeclaration,
          moduleSpecifier: '@wesgine/schema',
          namedImports: ['ToolError', { name: 'ToolHandler', isTypeOnly: true }],
        },
        {
          kind: StructureKind.ImportDeclaration,
          moduleSpecifier: '../../generated/types.gen.js',
          isTypeOnly: true,
          namedImports: types,
        },
        {
          kind: StructureKind.VariableStatement,
          leadingTrivia: (writer) => writer.blankLine(),
          isExported: true,
          declarationKind: VariableDeclarationKind.Const,
          docs: [
            `Handles \`${tool.name}\`. A stub written once by \`wesgine-tools gen\`: yours to implement, never regenerated.`,
          ],
          declarations: [
            {
              name: tool.identifiers.camel,
              type: `ToolHandler<${types.join(', ')}>`,
              initializer: (writer) =>
                writer
                  .write('async (args, context) => ')
                  .inlineBlock(() =>
                    writer.writeLine(
                      `throw new ToolError('not_implemented', ${JSON.stringify(`tool '${tool.name}' is not implemented: write ${handlerPath(tool.name)}`)});`,
                    ),
                  ),
            },
          ],
        },
      ],
    });
    file.formatText({ indentSize: 2, convertTabsToSpaces: true, semicolons: ts.SemicolonPreference.Insert });
    return { path: handlerPath(tool.name), contents: file.getFullText().replaceAll('\r\n', '\n') };
  });
}
