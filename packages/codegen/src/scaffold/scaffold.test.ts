import { describe, expect, it } from 'vitest';
import { packageNameProblem, scaffoldPack } from './scaffold-pack.js';
import { scaffoldTool } from './scaffold-tool.js';

describe('scaffoldPack', () => {
  it('lists the files of a new pack', () => {
    const files = scaffoldPack({ name: '@acme/notes-tools', wesgineVersion: '^0.1.0' });
    expect(files.map((file) => file.path)).toEqual([
      '.gitignore',
      'package.json',
      'tsconfig.json',
      'tsconfig.build.json',
      'tools/.gitkeep',
      'src/handlers/.gitkeep',
      'src/index.ts',
      'docs/tools.md',
    ]);
    const manifest = JSON.parse(files.find((file) => file.path === 'package.json')?.contents ?? '{}');
    expect(manifest).toMatchObject({
      name: '@acme/notes-tools',
      dependencies: { '@wesgine/schema': '^0.1.0' },
      devDependencies: { '@wesgine/codegen': '^0.1.0' },
    });
    expect(files.find((file) => file.path === 'src/index.ts')?.contents).toContain(
      'export default defineToolPack({ ...pack, tools, handlers });',
    );
  });

  it('checks npm package names', () => {
    expect(packageNameProblem('@acme/notes-tools')).toBeUndefined();
    expect(packageNameProblem('Notes Tools')).toBe(
      "'Notes Tools' is not a valid npm package name (lower case letters, digits, '-', '.', '_', '~', optionally @scope/)",
    );
  });
});

describe('scaffoldTool', () => {
  it('writes a definition named after the tool', () => {
    expect(scaffoldTool('notes.search')).toMatchInlineSnapshot(`
      {
        "contents": "import { defineTool, Type } from '@wesgine/schema';

      export default defineTool({
        name: 'notes.search',
        description: 'Say what the tool does, what it returns, and when the model should call it.',
        parameters: Type.Object({
          query: Type.String({ description: 'Describe each parameter for the model.' }),
        }),
        meta: { readOnly: true },
      });
      ",
        "path": "tools/notes.search.tool.ts",
      }
    `);
  });
});
