import { chmodSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type { CellSpec } from '../engine/cell-spec.js';
import { DEFAULT_ZONE_FILE } from '../zone/default-zone.js';
import type { Zone } from '../zone/zone.js';
import { createApp } from './create-app.js';
import type { GovernanceView } from './governance-routes.js';
import { fixtureCell } from './http.test.fixture.js';

// `GET /governance` over real cells: the shipped default zone from its file, a chain that extends it,
// a zone given as an object and one written as code, the sandbox on and off, the roots and Hardline.

const OWNER = { authorization: 'Bearer owner-token' };
const folders: string[] = [];
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

async function governance(spec: Partial<CellSpec> = {}, options: { approvals?: boolean } = {}) {
  const { cell, workDir } = fixtureCell(spec);
  const app = createApp(cell, {
    token: 'owner-token',
    actorTokens: [{ actor: 'ann', token: 'ann-token' }],
    ...options,
  });
  const response = await app.request('/governance', { headers: OWNER });
  expect(response.status).toBe(200);
  return { view: (await response.json()) as GovernanceView, workDir, app };
}

describe('GET /governance', () => {
  it('shows the shipped default zone with its file, text, rules, examples and defaults', async () => {
    const { view } = await governance({ zone: DEFAULT_ZONE_FILE });
    const zone = view.zone;
    expect(zone?.id).toBe('wesgine/default');
    expect(zone?.file).toBe(DEFAULT_ZONE_FILE);
    expect(zone?.text).toBe(readFileSync(DEFAULT_ZONE_FILE, 'utf8'));
    expect(zone?.defaults).toEqual({ exploration: 'allow', action: 'ask' });
    expect(zone?.rules.map((rule) => [rule.id, rule.effect])).toEqual([
      ['questions', 'allow'],
      ['no-secrets', 'deny'],
      ['executed-on-open', 'ask'],
    ]);
    expect(zone?.rules[0]).toEqual({
      id: 'questions',
      zone: 'wesgine/default',
      effect: 'allow',
      tools: ['ask_user'],
      condition: { kind: 'none', patterns: [] },
      reason: 'a question to the person needs no approval beforehand',
      examples: { match: [], notMatch: [] },
    });
    expect(zone?.rules[1]).toEqual({
      id: 'no-secrets',
      zone: 'wesgine/default',
      effect: 'deny',
      tools: ['*'],
      condition: {
        kind: 'paths',
        patterns: [
          '**/.env',
          '**/.env.*',
          '**/*.pem',
          '**/*.key',
          '**/id_rsa*',
          '**/id_ed25519*',
          '**/.npmrc',
          '**/.netrc',
        ],
      },
      reason: 'files that usually hold secrets are closed to agents',
      examples: {
        match: ['.env', 'config/.env.local', 'certs/server.pem', 'home/.npmrc'],
        notMatch: ['src/env.ts', 'docs/dotenv.md', 'keys.md'],
      },
    });
  });

  it('lists a chain parents first, each rule with its zone, argv and domains as written', async () => {
    const folder = realpathSync(mkdtempSync(join(tmpdir(), 'wesgine-governance-')));
    folders.push(folder);
    writeFileSync(
      join(folder, 'base.yaml'),
      'version: 1\nzone: acme/base\ndefaults: { action: ask }\nrules:\n  - { id: no-push, effect: deny, tools: [exec], argv: [[git, hg], push, "*"] }\n',
    );
    const child = join(folder, 'bot.yaml');
    writeFileSync(
      child,
      [
        'version: 1',
        'zone: acme/bot',
        'extends: [base]',
        'defaults: { exploration: ask }',
        'rules:',
        '  - id: docs-site',
        '    effect: allow',
        '    tools: [fetch, "mcp:web/*"]',
        '    domains: [docs.example.org, "*.example.com"]',
        '    examples: { match: [docs.example.org, a.example.com], not_match: [example.com] }',
        '  - { id: tests, effect: allow, tools: [exec], argv: [npm, test] }',
        '  - { id: odd, effect: ask, tools: [exec], argv: ["my tool", run] }',
        '',
      ].join('\n'),
    );
    const { view } = await governance({ zone: child });
    expect(view.zone?.id).toBe('acme/bot');
    expect(view.zone?.file).toBe(child);
    expect(view.zone?.defaults).toEqual({ exploration: 'ask', action: 'ask' });
    expect(view.zone?.rules.map((rule) => [rule.zone, rule.id, rule.tools, rule.condition])).toEqual([
      ['acme/base', 'no-push', ['exec'], { kind: 'argv', patterns: ['(git|hg) push'] }],
      [
        'acme/bot',
        'docs-site',
        ['fetch', 'mcp:web/*'],
        { kind: 'domains', patterns: ['docs.example.org', '*.example.com'] },
      ],
      ['acme/bot', 'tests', ['exec'], { kind: 'argv', patterns: ['npm test'] }],
      ['acme/bot', 'odd', ['exec'], { kind: 'argv', patterns: ['"my tool" run'] }],
    ]);
    expect(view.zone?.rules[1]?.examples).toEqual({
      match: ['docs.example.org', 'a.example.com'],
      notMatch: ['example.com'],
    });
    expect(view.zone?.rules[0]).not.toHaveProperty('reason');
  });

  it('shows a zone given as an object, without a file', async () => {
    const { view } = await governance({
      zone: { version: 1, zone: 'inline', rules: [{ id: 'read-only', effect: 'deny', tools: ['write'] }] },
    });
    expect(view.zone).toEqual({
      id: 'inline',
      rules: [
        {
          id: 'read-only',
          zone: 'inline',
          effect: 'deny',
          tools: ['write'],
          condition: { kind: 'none', patterns: [] },
          examples: { match: [], notMatch: [] },
        },
      ],
      defaults: { exploration: 'allow', action: 'ask' },
    });
  });

  it('says when a zone is code, with what it decides for a call that names nothing', async () => {
    const code: Zone = {
      id: 'custom',
      decide: (request) => ({
        effect: request.category === 'action' ? 'deny' : 'allow',
        zone: 'custom',
        rule: undefined,
        reason: 'custom',
      }),
      pathEffect: () => undefined,
      allowsHosts: () => false,
      narrow: () => code,
    };
    const { view } = await governance({ zone: code });
    expect(view.zone).toEqual({
      id: 'custom',
      rules: [],
      defaults: { exploration: 'allow', action: 'deny' },
      note: 'this zone is code (a Zone object of its own), so its rules cannot be listed',
    });
  });

  it('answers zone null for a cell without one, and whether calls may wait for a person', async () => {
    const { view } = await governance({}, { approvals: false });
    expect(view.zone).toBeNull();
    expect(view.approvals).toBe(false);
    expect((await governance()).view.approvals).toBe(true);
  });

  it('gives the roots absolute, the workDir alone when the cell names no allowPaths', async () => {
    const plain = await governance();
    expect(plain.view.roots).toEqual({ workDir: plain.workDir, allowPaths: [plain.workDir], denyPaths: [] });
    const extra = realpathSync(mkdtempSync(join(tmpdir(), 'wesgine-governance-extra-')));
    folders.push(extra);
    mkdirSync(join(extra, 'shared'));
    const { view, workDir } = await governance({
      allowPaths: [join(extra, 'shared')],
      denyPaths: ['private', join(extra, 'shared', 'keys')],
    });
    expect(view.roots).toEqual({
      workDir,
      allowPaths: [join(extra, 'shared')],
      denyPaths: [join(workDir, 'private'), join(extra, 'shared', 'keys')],
    });
  });

  it("lists Hardline's protected paths, for this home folder", async () => {
    const home = homedir();
    const { view } = await governance();
    expect(view.hardline.protectedPaths).toEqual([
      '/proc',
      '/sys',
      '/dev (except /dev/null)',
      ...['.ssh', '.aws', '.gnupg', '.azure', '.kube', '.docker', '.config/gcloud', '.config/gh'].map((folder) =>
        join(home, folder),
      ),
      '**/.git (writing the entry itself)',
      '**/.git/hooks (writing)',
      '**/.git/config (writing)',
      '**/.git/config.worktree (writing)',
      '**/.git/commondir (writing)',
      '**/.git/gitdir (writing)',
      '**/.claude (writing)',
      '**/.codex (writing)',
      '**/.gemini (writing)',
      '**/.cursor (writing)',
      '**/.wesgine (writing)',
    ]);
  });

  it('refuses a client with an actor token', async () => {
    const { app } = await governance();
    const response = await app.request('/governance', { headers: { authorization: 'Bearer ann-token' } });
    expect([response.status, await response.json()]).toEqual([
      403,
      {
        error: {
          code: 'forbidden',
          message: `this token acts as "ann"; what governs the cell is for the owner's token only`,
        },
      },
    ]);
  });
});

describe('the sandbox in GET /governance', () => {
  const path = process.env.PATH;
  afterEach(() => {
    process.env.PATH = path;
  });

  it('says it was turned off', async () => {
    const { view } = await governance({ sandbox: 'off' });
    expect(view.sandbox).toEqual({
      mode: 'off',
      detail:
        "turned off for this cell (sandbox: 'off'): its programs, exec's commands and the browser run with the host process's rights",
    });
  });

  it('says why it cannot start when bubblewrap is missing', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'wesgine-governance-path-'));
    folders.push(empty);
    process.env.PATH = empty;
    const { view } = await governance();
    expect(view.sandbox).toEqual({
      mode: 'on',
      detail:
        "on, but it cannot start here, so no program can run: bubblewrap (bwrap) is not on the PATH. Install the Debian package 'bubblewrap' (apt-get install bubblewrap)",
    });
  });

  it('asks bubblewrap without holding up other requests meanwhile', async () => {
    // A bwrap of its own (so nothing is known of it yet) that takes a moment to prove itself and to answer.
    const folder = mkdtempSync(join(tmpdir(), 'wesgine-governance-bwrap-'));
    folders.push(folder);
    const program = join(folder, 'bwrap');
    writeFileSync(
      program,
      '#!/bin/sh\nsleep 0.3\nif [ "$1" = "--version" ]; then echo "bubblewrap 9.8.7"; fi\nexit 0\n',
    );
    chmodSync(program, 0o755);
    process.env.PATH = `${folder}:${path}`;
    const order: string[] = [];
    const ticked = new Promise<void>((resolve) =>
      setTimeout(() => {
        order.push('timer');
        resolve();
      }, 20),
    );
    const { view } = await governance();
    order.push('governance');
    await ticked;
    expect(view.sandbox).toEqual({ mode: 'on', detail: `bubblewrap 9.8.7 (${program})` });
    expect(order).toEqual(['timer', 'governance']);
  });

  it('names the bubblewrap it runs with when it can start', async () => {
    const { view } = await governance();
    expect(view.sandbox.mode).toBe('on');
    expect(view.sandbox.detail).toMatch(/^bubblewrap \d+\.\d+(\.\d+)? \(\/\S*bwrap\)$/);
  });
});
