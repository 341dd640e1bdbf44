export interface ScaffoldFile {
  readonly path: string;
  readonly contents: string;
}

export interface ScaffoldPackOptions {
  /** The npm package name of the pack. */
  readonly name: string;
  /** The version range of @wesgine/schema and @wesgine/codegen the pack depends on. */
  readonly wesgineVersion: string;
}

const NPM_NAME = /^(?:@[a-z0-9][a-z0-9._~-]*\/)?[a-z0-9][a-z0-9._~-]*$/;

/** Why `name` cannot be an npm package name, or `undefined` when it can. */
export function packageNameProblem(name: string): string | undefined {
  if (name.length > 214) return `the package name is ${name.length} characters long; npm allows 214`;
  if (!NPM_NAME.test(name)) {
    return `'${name}' is not a valid npm package name (lower case letters, digits, '-', '.', '_', '~', optionally @scope/)`;
  }
  return undefined;
}

/** The files of a new, empty tool pack. Pure: the caller writes them. */
export function scaffoldPack(options: ScaffoldPackOptions): ScaffoldFile[] {
  const { name, wesgineVersion } = options;
  const packageJson = {
    name,
    version: '0.1.0',
    description: 'Tools for LLM agents, defined with wesgine tools.',
    type: 'module',
    exports: {
      '.': { types: './dist/src/index.d.ts', import: './dist/src/index.js' },
      './toolpack.json': './toolpack.json',
      './generated/*': './generated/*',
    },
    files: ['dist', '!dist/.tsbuildinfo', 'generated', 'docs', 'toolpack.json'],
    keywords: ['wesgine-tool-pack', 'llm', 'tools'],
    scripts: {
      gen: 'wesgine-tools gen',
      check: 'wesgine-tools check',
      typecheck: 'tsc -p tsconfig.json',
      build: 'tsc -p tsconfig.build.json',
      prepack: 'wesgine-tools check && tsc -p tsconfig.build.json',
    },
    dependencies: { '@wesgine/schema': wesgineVersion },
    devDependencies: { '@wesgine/codegen': wesgineVersion, typescript: '^6.0.3', '@types/node': '^20.19.0' },
  };
  const tsconfig = {
    compilerOptions: {
      target: 'ES2022',
      lib: ['ES2023'],
      module: 'NodeNext',
      moduleResolution: 'NodeNext',
      types: ['node'],
      strict: true,
      noUncheckedIndexedAccess: true,
      exactOptionalPropertyTypes: true,
      verbatimModuleSyntax: true,
      skipLibCheck: true,
      noEmit: true,
    },
    include: ['tools', 'src', 'generated'],
  };
  const tsconfigBuild = {
    extends: './tsconfig.json',
    compilerOptions: { noEmit: false, outDir: 'dist', rootDir: '.', declaration: true, incremental: false },
  };
  return [
    { path: '.gitignore', contents: 'node_modules/\ndist/\n*.tgz\n' },
    { path: 'package.json', contents: `${JSON.stringify(packageJson, null, 2)}\n` },
    { path: 'tsconfig.json', contents: `${JSON.stringify(tsconfig, null, 2)}\n` },
    { path: 'tsconfig.build.json', contents: `${JSON.stringify(tsconfigBuild, null, 2)}\n` },
    { path: 'tools/.gitkeep', contents: '' },
    { path: 'src/handlers/.gitkeep', contents: '' },
    {
      path: 'src/index.ts',
      contents: [
        "import { defineToolPack } from '@wesgine/schema';",
        "import { handlers, pack, tools } from '../generated/handlers.gen.js';",
        '',
        '/** The pack: every tool under tools/ with its handler under src/handlers/. */',
        'export default defineToolPack({ ...pack, tools, handlers });',
        '',
      ].join('\n'),
    },
    {
      path: 'docs/tools.md',
      contents: [
        `# ${name}`,
        '',
        'What this pack is for, written by hand. `wesgine-tools gen` fills in the reference below.',
        '',
        '<!-- wesgine-tools:start -->',
        '<!-- wesgine-tools:end -->',
        '',
      ].join('\n'),
    },
  ];
}
