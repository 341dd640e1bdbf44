import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';

// A real npm registry for the tests: Verdaccio, on 127.0.0.1, with its own configuration, storage, users
// and npm settings in one folder. It has no uplink: nothing it serves comes from the internet. What the
// published packages depend on (TypeBox, hono, ts-morph, ...) is published into it from npm's own cache,
// at exactly the versions package-lock.json holds; `npm ci` put every one of those tarballs there.

export interface LocalRegistry {
  /** `http://127.0.0.1:<port>/` */
  readonly url: string;
  /** The environment for npm, npx and changesets: this registry, its token, a cache of its own. */
  readonly env: NodeJS.ProcessEnv;
  /** Publishes tarballs straight from npm's cache (the registry protocol, as `npm publish` speaks it). */
  publishFromCache(entries: readonly LockedPackage[]): Promise<void>;
  stop(): Promise<void>;
}

/** One package as package-lock.json records it. */
export interface LockedPackage {
  readonly name: string;
  readonly version: string;
  readonly integrity: string;
  readonly manifest: Record<string, unknown>;
}

const require = createRequire(import.meta.url);
const USER = 'wesgine-test';

export async function startLocalRegistry(folder: string): Promise<LocalRegistry> {
  mkdirSync(folder, { recursive: true });
  const npmCache = npmCacheFolder();
  const config = join(folder, 'config.yaml');
  writeFileSync(config, configYaml(folder));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}/`;
  const bin = join(dirname(require.resolve('verdaccio/package.json')), 'bin/verdaccio');
  const server = spawn(process.execPath, [bin, '--config', config, '--listen', `127.0.0.1:${port}`], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: withoutNpmSettings(process.env),
  });
  let log = '';
  server.stdout?.on('data', (chunk) => {
    log += chunk;
  });
  server.stderr?.on('data', (chunk) => {
    log += chunk;
  });
  // A test process that ends without its afterAll (killed, crashed) takes the registry with it.
  const killOnExit = () => server.kill('SIGKILL');
  process.once('exit', killOnExit);
  const stop = () => {
    process.off('exit', killOnExit);
    return stopServer(server);
  };
  try {
    await waitUntilUp(url, server, () => log);
    const token = await addUser(url);
    const userconfig = join(folder, 'npmrc');
    writeFileSync(userconfig, `registry=${url}\n//127.0.0.1:${port}/:_authToken=${token}\n`);
    const env: NodeJS.ProcessEnv = {
      ...withoutNpmSettings(process.env),
      npm_config_registry: url,
      npm_config_userconfig: userconfig,
      npm_config_cache: join(folder, 'npm-cache'),
      npm_config_audit: 'false',
      npm_config_fund: 'false',
      npm_config_update_notifier: 'false',
      TURBO_TELEMETRY_DISABLED: '1',
    };
    return {
      url,
      env,
      publishFromCache: (entries) => publishFromCache(url, token, npmCache, entries),
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

/**
 * The third-party packages that `roots` need, as package-lock.json resolved them: the dependencies of the
 * workspaces named (their `dependencies`, not dev), and the names given for the repository root.
 */
export function lockedDependencies(
  lockFile: string,
  roots: { readonly workspaces: readonly string[]; readonly names: readonly string[] },
): LockedPackage[] {
  const lock = JSON.parse(readFileSync(lockFile, 'utf8')) as { packages: Record<string, LockEntry> };
  const entries = lock.packages;
  const found = new Map<string, LockEntry>();
  const resolve = (from: string, name: string): string | undefined => {
    // Node's lookup, over the lockfile's paths: node_modules of `from`, then of each parent.
    let folder = from;
    for (;;) {
      const key = `${folder === '' ? '' : `${folder}/`}node_modules/${name}`;
      if (entries[key]) return key;
      if (folder === '') return undefined;
      const parent = folder.lastIndexOf('/node_modules/');
      folder = parent < 0 ? '' : folder.slice(0, parent);
    }
  };
  const visit = (key: string | undefined) => {
    if (key === undefined || found.has(key)) return;
    const entry = entries[key];
    if (!entry) return;
    if (entry.link) return; // a workspace package: published by the test itself
    if (entry.inBundle) return; // inside its parent's tarball
    found.set(key, entry);
    const optional = new Set([
      ...Object.keys(entry.optionalDependencies ?? {}),
      ...Object.entries(entry.peerDependenciesMeta ?? {})
        .filter(([, meta]) => meta.optional)
        .map(([name]) => name),
    ]);
    const names = Object.keys({ ...entry.dependencies, ...entry.optionalDependencies, ...entry.peerDependencies });
    for (const name of names) {
      const target = resolve(key, name);
      if (target === undefined && !optional.has(name)) {
        throw new Error(`package-lock.json has no '${name}' for ${key}; run npm install`);
      }
      visit(target);
    }
  };
  for (const workspace of roots.workspaces) {
    for (const name of Object.keys(entries[workspace]?.dependencies ?? {})) visit(resolve(workspace, name));
  }
  for (const name of roots.names) visit(resolve('', name));
  return [...found].map(([key, entry]) => ({
    name: entry.name ?? key.slice(key.lastIndexOf('node_modules/') + 'node_modules/'.length),
    version: entry.version,
    integrity: entry.integrity,
    manifest: manifestOf(entry),
  }));
}

interface LockEntry {
  readonly name?: string;
  readonly version: string;
  readonly integrity: string;
  readonly link?: boolean;
  readonly inBundle?: boolean;
  readonly dependencies?: Record<string, string>;
  readonly optionalDependencies?: Record<string, string>;
  readonly peerDependencies?: Record<string, string>;
  readonly peerDependenciesMeta?: Record<string, { optional?: boolean }>;
  readonly [field: string]: unknown;
}

// What npm reads from a packument to build a tree; the rest it reads from the unpacked package.json.
const MANIFEST_FIELDS = [
  'dependencies',
  'optionalDependencies',
  'peerDependencies',
  'peerDependenciesMeta',
  'bin',
  'engines',
  'os',
  'cpu',
  'libc',
  'license',
  'hasInstallScript',
];

function manifestOf(entry: LockEntry): Record<string, unknown> {
  const manifest: Record<string, unknown> = {};
  for (const field of MANIFEST_FIELDS) if (entry[field] !== undefined) manifest[field] = entry[field];
  return manifest;
}

async function publishFromCache(
  url: string,
  token: string,
  npmCache: string,
  entries: readonly LockedPackage[],
): Promise<void> {
  // Versions of one name go in ascending order, so `latest` ends on the highest, as on the public registry.
  const byName = new Map<string, LockedPackage[]>();
  for (const entry of entries) {
    const versions = byName.get(entry.name) ?? [];
    // The lockfile can hold one version at several places in the tree.
    if (!versions.some((other) => other.version === entry.version)) byName.set(entry.name, [...versions, entry]);
  }
  const queues = [...byName.values()].map((versions) => versions.sort((a, b) => compareVersions(a.version, b.version)));
  const missing: string[] = [];
  const work = async () => {
    for (let queue = queues.shift(); queue; queue = queues.shift()) {
      for (const entry of queue) {
        const tarball = cachedTarball(npmCache, entry.integrity);
        // Another platform's binary (esbuild's, fsevents): npm never fetched it, and never will here.
        if (tarball === undefined) {
          if (!fitsThisMachine(entry.manifest)) continue;
          missing.push(`${entry.name}@${entry.version}`);
          continue;
        }
        await publishTarball(url, token, entry, tarball);
      }
    }
  };
  await Promise.all(Array.from({ length: 8 }, work));
  if (missing.length > 0) {
    throw new Error(`npm's cache (${npmCache}) lacks ${missing.join(', ')}: run npm ci, then the test again`);
  }
}

async function publishTarball(url: string, token: string, entry: LockedPackage, tarball: Buffer): Promise<void> {
  const file = `${entry.name.replace(/^@[^/]+\//, '')}-${entry.version}.tgz`;
  const path = entry.name.replace('/', '%2f');
  const body = {
    _id: entry.name,
    name: entry.name,
    'dist-tags': { latest: entry.version },
    versions: {
      [entry.version]: {
        ...entry.manifest,
        name: entry.name,
        version: entry.version,
        _id: `${entry.name}@${entry.version}`,
        dist: {
          integrity: entry.integrity,
          shasum: createHash('sha1').update(tarball).digest('hex'),
          tarball: `${url}${entry.name}/-/${file}`,
        },
      },
    },
    _attachments: {
      [file]: { content_type: 'application/octet-stream', data: tarball.toString('base64'), length: tarball.length },
    },
  };
  const response = await fetch(`${url}${path}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  if (!response.ok) {
    throw new Error(`publishing ${entry.name}@${entry.version}: ${response.status} ${await response.text()}`);
  }
}

/** The tarball with this integrity in npm's content-addressed cache, if it is there. */
function cachedTarball(npmCache: string, integrity: string): Buffer | undefined {
  const [algorithm, digest] = (integrity.split(' ')[0] ?? '').split(/-(.*)/s);
  if (!algorithm || !digest) return undefined;
  const hex = Buffer.from(digest, 'base64').toString('hex');
  const file = join(npmCache, '_cacache/content-v2', algorithm, hex.slice(0, 2), hex.slice(2, 4), hex.slice(4));
  return existsSync(file) ? readFileSync(file) : undefined;
}

function fitsThisMachine(manifest: Record<string, unknown>): boolean {
  const fits = (field: unknown, value: string) =>
    !Array.isArray(field) ||
    field.some((item) => item === value) ||
    (field.every((item) => String(item).startsWith('!')) && !field.includes(`!${value}`));
  return fits(manifest.os, process.platform) && fits(manifest.cpu, process.arch);
}

function compareVersions(a: string, b: string): number {
  const parts = (version: string) => version.split(/[.+-]/).map((part) => Number.parseInt(part, 10) || 0);
  const [x, y] = [parts(a), parts(b)];
  for (let index = 0; index < Math.max(x.length, y.length); index += 1) {
    const difference = (x[index] ?? 0) - (y[index] ?? 0);
    if (difference !== 0) return difference;
  }
  return 0;
}

function npmCacheFolder(): string {
  return execFileSync('npm', ['config', 'get', 'cache'], { encoding: 'utf8' }).trim();
}

/**
 * The environment less every npm setting an outer `npm test` or `npm run` passed down, and less the
 * forced colours `npm test` asks for on a terminal: the tests compare plain text.
 */
function withoutNpmSettings(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(env).filter(([key]) => !/^npm_/i.test(key) && key !== 'FORCE_COLOR'));
}

function configYaml(folder: string): string {
  return [
    `storage: ${JSON.stringify(join(folder, 'storage'))}`,
    'auth:',
    '  htpasswd:',
    `    file: ${JSON.stringify(join(folder, 'htpasswd'))}`,
    '    max_users: 1',
    // No uplinks: a name not published here is a 404, never a request to the internet.
    'uplinks: {}',
    'packages:',
    "  '**':",
    '    access: $all',
    '    publish: $authenticated',
    'middlewares:',
    '  audit:',
    '    enabled: false',
    'web:',
    '  enable: false',
    'max_body_size: 200mb',
    'log: { type: stdout, format: json, level: warn }',
    '',
  ].join('\n');
}

async function addUser(url: string): Promise<string> {
  const response = await fetch(`${url}-/user/org.couchdb.user:${USER}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: USER, password: 'a-local-test-password', email: 'test@example.invalid' }),
  });
  const body = (await response.json()) as { token?: string };
  if (!response.ok || !body.token) throw new Error(`Verdaccio did not add the test user: ${JSON.stringify(body)}`);
  return body.token;
}

async function waitUntilUp(url: string, server: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`Verdaccio exited (${server.exitCode}):\n${log()}`);
    try {
      const response = await fetch(`${url}-/ping`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((done) => setTimeout(done, 100));
  }
  throw new Error(`Verdaccio did not answer at ${url} within 30 s:\n${log()}`);
}

function stopServer(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null || server.signalCode !== null) return Promise.resolve();
  return new Promise((done) => {
    const timer = setTimeout(() => server.kill('SIGKILL'), 5_000);
    server.once('exit', () => {
      clearTimeout(timer);
      done();
    });
    server.kill('SIGTERM');
  });
}

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? done(address.port) : fail(new Error('no port'))));
    });
  });
}
