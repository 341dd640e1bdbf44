import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, realpathSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { missingModuleError, optionalModule } from './optional-module.js';

const packageRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const require = createRequire(import.meta.url);

/**
 * Runs `script` (ES module text) in a fresh Node process on the TypeScript sources, with `hooks` (an
 * ES module of loader hooks) registered first; answers what it printed.
 */
function child(script: string, hooks: string): { stdout: string; stderr: string; status: number | null } {
  const folder = realpathSync(mkdtempSync(join(tmpdir(), 'wesgine-optional-')));
  writeFileSync(join(folder, 'hooks.mjs'), hooks);
  writeFileSync(
    join(folder, 'register.mjs'),
    "import { register } from 'node:module';\nregister('./hooks.mjs', import.meta.url);\n",
  );
  const result = spawnSync(
    process.execPath,
    [
      '--conditions=@wesgine/source',
      '--import',
      'tsx',
      '--import',
      pathToFileURL(join(folder, 'register.mjs')).href,
      '--input-type=module',
      '-e',
      script,
    ],
    { cwd: packageRoot, encoding: 'utf8', env: { ...process.env, NODE_OPTIONS: '', FOLDER: folder } },
  );
  return { stdout: result.stdout, stderr: result.stderr, status: result.status };
}

/** Calls one tool of the built-ins (from source) in a fresh cell and prints its result as JSON. */
const callTool = (tool: string, args: unknown, env = '') => `
${env}
const { createEngine } = await import('@wesgine/runtime');
const { builtins } = await import(${JSON.stringify(pathToFileURL(join(packageRoot, 'src/index.ts')).href)});
const { mkdtempSync } = await import('node:fs');
const root = mkdtempSync(process.env.FOLDER + '/cell-');
const cell = createEngine({ tools: builtins }).createCell({ workDir: root, dataDir: root, network: { allowHosts: ['127.0.0.1'] } });
const run = () => cell.run({ sessionId: 's' }).call(${JSON.stringify(tool)}, ${JSON.stringify(args)});
console.log(JSON.stringify([await run(), await run()]));
`;

describe('heavy dependencies', () => {
  it('are not loaded by importing the pack: of its packages only TypeBox is', () => {
    const hooks = `
export async function load(url, context, next) {
  const found = /\\/node_modules\\/((?:@[^/]+\\/)?[^/]+)\\//.exec(url);
  if (found && !['tsx', 'get-tsconfig', 'esbuild', 'resolve-pkg-maps'].includes(found[1])) process.stderr.write('PACKAGE ' + found[1] + '\\n');
  return next(url, context);
}`;
    const result = child(
      `await import(${JSON.stringify(pathToFileURL(join(packageRoot, 'src/index.ts')).href)}); console.log('imported');`,
      hooks,
    );
    expect(result.stdout).toBe('imported\n');
    const loaded = [...new Set(result.stderr.match(/(?<=^PACKAGE ).+$/gm) ?? [])].sort();
    expect(loaded).toEqual(['@sinclair/typebox']);
  });

  it('answers memory with one line naming the fix when better-sqlite3 has no native binding', () => {
    // A real better-sqlite3 (its JavaScript and its `bindings` lookup) in a folder where the binding was
    // never built, as after an install with scripts blocked.
    const copy = realpathSync(mkdtempSync(join(tmpdir(), 'wesgine-unbuilt-')));
    const sqlite = dirname(require.resolve('better-sqlite3/package.json'));
    for (const part of ['package.json', 'lib'])
      cpSync(join(sqlite, part), join(copy, 'node_modules/better-sqlite3', part), { recursive: true });
    for (const name of ['bindings', 'file-uri-to-path']) {
      const from = dirname(createRequire(join(sqlite, 'package.json')).resolve(`${name}/package.json`));
      cpSync(from, join(copy, 'node_modules', name), { recursive: true });
    }
    const entry = pathToFileURL(join(copy, 'node_modules/better-sqlite3/lib/index.js')).href;
    const hooks = `
export async function resolve(specifier, context, next) {
  return specifier === 'better-sqlite3' ? { url: ${JSON.stringify(entry)}, format: 'commonjs', shortCircuit: true } : next(specifier, context);
}`;
    const result = child(callTool('memory', { command: 'view', path: '/memories' }), hooks);
    expect(result.stderr).toBe('');
    const failure = {
      isError: true,
      code: 'unavailable',
      text: 'memory needs the better-sqlite3 native module, which is not built here: run `npm rebuild better-sqlite3` (its install script must be allowed).',
    };
    // The second call tries again and fails the same way: no crash, no cached half-loaded module.
    expect(JSON.parse(result.stdout)).toEqual([failure, failure]);
  });

  it('answers browser_navigate with one line naming the fix when playwright-core is not installed', () => {
    // playwright-core is looked for from an empty folder, so Node's own resolution fails as it would
    // where the package is missing.
    const hooks = `
export async function resolve(specifier, context, next) {
  if (specifier !== 'playwright-core') return next(specifier, context);
  return next(specifier, { ...context, parentURL: new URL('file://' + process.env.FOLDER + '/nowhere.mjs').href });
}`;
    const result = child(
      callTool('browser_navigate', { url: 'http://127.0.0.1:9/' }, "process.env.WESGINE_CHROMIUM_PATH = '/bin/true';"),
      hooks,
    );
    expect(result.stderr).toBe('');
    const failure = {
      isError: true,
      code: 'unavailable',
      text: 'browser_navigate needs the playwright-core package, which is not installed here: run `npm install playwright-core`.',
    };
    expect(JSON.parse(result.stdout)).toEqual([failure, failure]);
  });
});

describe('optionalModule', () => {
  const spec = { name: 'wesgine-no-such-package', tool: 'memory' };

  it('turns a real failed import into one line, and tries again on the next call', async () => {
    let attempts = 0;
    const load = optionalModule({
      ...spec,
      load: () => {
        attempts += 1;
        return import(spec.name);
      },
    });
    const expected =
      'memory needs the wesgine-no-such-package package, which is not installed here: run `npm install wesgine-no-such-package`.';
    await expect(load()).rejects.toMatchObject({ code: 'unavailable', message: expected });
    await expect(load()).rejects.toMatchObject({ message: expected });
    expect(attempts).toBe(2);
  });

  it('loads once and keeps what it loaded', async () => {
    let attempts = 0;
    const load = optionalModule({
      ...spec,
      load: async () => {
        attempts += 1;
        return { value: 1 };
      },
    });
    const [first, second] = await Promise.all([load(), load()]);
    expect(first).toBe(second);
    expect(await load()).toBe(first);
    expect(attempts).toBe(1);
  });

  it('names a package that loads but fails without the paths in its message', () => {
    const error = new Error('Cannot read the file /home/user/app/node_modules/x/index.js: broken\n    at somewhere');
    expect(missingModuleError(spec, error).message).toBe(
      'memory could not load the wesgine-no-such-package package (Cannot read the file …: broken): reinstall it with `npm install wesgine-no-such-package`.',
    );
  });

  it('calls a binding built for another Node.js unbuilt, since rebuilding mends it', () => {
    const error = Object.assign(new Error('The module was compiled against NODE_MODULE_VERSION 115.'), {
      code: 'ERR_DLOPEN_FAILED',
    });
    expect(missingModuleError(spec, error).message).toBe(
      'memory needs the wesgine-no-such-package native module, which is not built here: run `npm rebuild wesgine-no-such-package` (its install script must be allowed).',
    );
  });
});
