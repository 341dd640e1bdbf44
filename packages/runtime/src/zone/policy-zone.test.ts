import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadZone } from './load-zone.js';
import type { ZoneRequest } from './zone.js';

const workDir = '/w/proj';
const home = '/home/u';
const at = (path: string) => ({ lexical: path, real: path });

function request(tool: string, targets: Partial<Omit<ZoneRequest, 'tool'>> = {}): ZoneRequest {
  return { tool, category: 'exploration', workDir, paths: [], ...targets };
}

function zoneOf(rules: object[], defaults?: object) {
  return loadZone({ version: 1, zone: 'z', ...(defaults === undefined ? {} : { defaults }), rules }, { home });
}

describe('PolicyZone.decide', () => {
  it('lets the strictest matching rule win, whatever the order', () => {
    const zone = zoneOf([
      { id: 'all-ok', effect: 'allow', tools: ['read'], paths: ['**'] },
      { id: 'keys-ask', effect: 'ask', tools: ['read'], paths: ['*.key'] },
      { id: 'secret-keys', effect: 'deny', tools: ['read'], paths: ['secrets/'], reason: 'no secrets' },
    ]);
    expect(zone.decide(request('read', { paths: [at('/w/proj/a.txt')] })).rule).toBe('all-ok');
    expect(zone.decide(request('read', { paths: [at('/w/proj/a.key')] })).rule).toBe('keys-ask');
    expect(zone.decide(request('read', { paths: [at('/w/proj/secrets/a.key')] }))).toEqual({
      effect: 'deny',
      zone: 'z',
      rule: 'secret-keys',
      reason: 'no secrets',
    });
  });

  it('judges every target and returns the strictest, naming the target in its own sentence', () => {
    const zone = zoneOf([
      { id: 'keys', effect: 'deny', tools: ['read'], paths: ['*.key'] },
      { id: 'npm', effect: 'allow', tools: ['exec'], argv: ['npm', 'test'] },
    ]);
    const paths = [at('/w/proj/a.txt'), at('/w/proj/b.key'), at('/w/proj/c.key')];
    expect(zone.decide(request('read', { paths }))).toEqual({
      effect: 'deny',
      zone: 'z',
      rule: 'keys',
      reason: 'rule keys refuses read of /w/proj/b.key',
    });
    const commands = [
      ['npm', 'test'],
      ['rm', '-rf', 'dist'],
    ];
    expect(zone.decide(request('exec', { category: 'action', commands }))).toEqual({
      effect: 'ask',
      zone: 'z',
      rule: 'default:action',
      reason: 'no rule covers exec running `rm -rf dist`; action calls need approval by default',
    });
    expect(zone.decide(request('exec', { category: 'action', commands: [['npm', 'test']] })).effect).toBe('allow');
  });

  it('applies a rule without a condition to every target and to calls without targets', () => {
    const zone = zoneOf([
      { id: 'exec-asks', effect: 'ask', tools: ['exec'] },
      { id: 'npm', effect: 'allow', tools: ['exec'], argv: ['npm'] },
      { id: 'env', effect: 'deny', tools: ['exec'], paths: ['.env'] },
    ]);
    expect(zone.decide(request('exec', { commands: [['npm', 'test']] })).rule).toBe('exec-asks');
    expect(zone.decide(request('exec')).rule).toBe('exec-asks');
    expect(zone.decide(request('exec', { paths: [at('/w/proj/.env')] })).rule).toBe('env');
  });

  it('does not apply a rule with a condition to a call without targets of its kind', () => {
    const zone = zoneOf([{ id: 'env', effect: 'deny', tools: ['read'], paths: ['.env'] }]);
    expect(zone.decide(request('read'))).toMatchObject({ effect: 'allow', rule: 'default:exploration' });
    expect(zone.decide(request('read', { hosts: ['x.org'] }))).toMatchObject({ rule: 'default:exploration' });
  });

  it('uses the defaults the zone sets, with a sentence naming what no rule covered', () => {
    const zone = zoneOf([], { exploration: 'ask', action: 'deny' });
    expect(zone.decide(request('read', { paths: [at('/w/proj/a')] }))).toEqual({
      effect: 'ask',
      zone: 'z',
      rule: 'default:exploration',
      reason: 'no rule covers read of /w/proj/a; exploration calls need approval by default',
    });
    expect(zone.decide(request('browser_navigate', { category: 'action', hosts: ['x.org'] }))).toEqual({
      effect: 'deny',
      zone: 'z',
      rule: 'default:action',
      reason: 'no rule covers browser_navigate reaching x.org; action calls are refused by default',
    });
    expect(zone.decide(request('delegate_task', { category: 'action' })).reason).toBe(
      'no rule covers a call to delegate_task; action calls are refused by default',
    );
  });

  it('denies or asks when either the lexical or the real form matches', () => {
    const zone = zoneOf([
      { id: 'secrets', effect: 'deny', tools: ['read'], paths: ['secrets/**'] },
      { id: 'drafts', effect: 'ask', tools: ['read'], paths: ['/drafts'] },
    ]);
    const linkToSecret = { lexical: '/w/proj/notes/link', real: '/w/proj/secrets/key' };
    const secretToElsewhere = { lexical: '/w/proj/secrets/key', real: '/w/proj/notes/key' };
    const linkToDraft = { lexical: '/w/proj/notes/link', real: '/w/proj/drafts/a.md' };
    expect(zone.decide(request('read', { paths: [linkToSecret] })).rule).toBe('secrets');
    expect(zone.decide(request('read', { paths: [secretToElsewhere] })).rule).toBe('secrets');
    expect(zone.decide(request('read', { paths: [linkToDraft] })).rule).toBe('drafts');
  });

  it('allows only when both forms match', () => {
    const zone = zoneOf([{ id: 'src', effect: 'allow', tools: ['write'], paths: ['/src/**'] }]);
    const write = (lexical: string, real: string) =>
      zone.decide(request('write', { category: 'action', paths: [{ lexical, real }] })).rule;
    expect(write('/w/proj/src/a.ts', '/w/proj/src/b.ts')).toBe('src');
    expect(write('/w/proj/src/link', '/w/proj/.git/config')).toBe('default:action');
    expect(write('/w/proj/tmp/link', '/w/proj/src/a.ts')).toBe('default:action');
  });

  it('reads the anchors: WorkDir, home, and absolute', () => {
    const zone = zoneOf([
      { id: 'root-env', effect: 'deny', tools: ['read'], paths: ['/.env'] },
      { id: 'ssh', effect: 'deny', tools: ['read'], paths: ['~/.ssh/**'] },
      { id: 'etc', effect: 'deny', tools: ['read'], paths: ['//etc/**'] },
      { id: 'pem', effect: 'deny', tools: ['read'], paths: ['**/*.pem'] },
    ]);
    const rule = (path: string) => zone.decide(request('read', { paths: [at(path)] })).rule;
    expect(rule('/w/proj/.env')).toBe('root-env');
    expect(rule('/w/proj/sub/.env')).toBe('default:exploration');
    expect(rule('/home/u/.ssh/id_rsa')).toBe('ssh');
    expect(rule('/w/proj/home/u/.ssh/id_rsa')).toBe('default:exploration');
    expect(rule('/etc/passwd')).toBe('etc');
    expect(rule('/w/proj/etc/passwd')).toBe('default:exploration');
    expect(rule('/opt/other/cert.pem')).toBe('pem');
  });

  it('matches host names case-insensitively, subdomains only for "*."', () => {
    const zone = zoneOf(
      [
        { id: 'docs', effect: 'allow', tools: ['web_*'], domains: ['docs.python.org', '*.mozilla.org'] },
        { id: 'no-pastebin', effect: 'deny', tools: ['*'], domains: ['pastebin.com'] },
      ],
      { exploration: 'ask' },
    );
    const decide = (...hosts: string[]) => zone.decide(request('web_fetch', { hosts })).rule;
    expect(decide('docs.python.org', 'developer.mozilla.org')).toBe('docs');
    expect(decide('DOCS.python.org.')).toBe('docs');
    expect(decide('mozilla.org')).toBe('default:exploration');
    expect(decide('docs.python.org', 'PasteBin.com')).toBe('no-pastebin');
  });

  it('matches argv with alternatives and "*", and knows denied programs by their base name', () => {
    const zone = zoneOf([
      { id: 'tests', effect: 'allow', tools: ['exec'], argv: [['npm', 'pnpm'], ['test', 'run'], '*'] },
      { id: 'push', effect: 'ask', tools: ['exec'], argv: ['git', ['push', 'fetch']] },
      { id: 'rm', effect: 'deny', tools: ['exec'], argv: ['rm'] },
    ]);
    const decide = (...commands: string[][]) => zone.decide(request('exec', { category: 'action', commands })).rule;
    expect(decide(['pnpm', 'run', 'lint'])).toBe('tests');
    expect(decide(['npm', 'publish'])).toBe('default:action');
    expect(decide(['git', 'push', 'origin', 'main'])).toBe('push');
    expect(decide(['npm', 'test'], ['git', 'fetch'])).toBe('push');
    expect(decide(['/bin/rm', '-rf', 'x'])).toBe('rm');
    expect(decide(['/usr/bin/npm', 'test'])).toBe('default:action');
  });

  it('matches tool names with "*"', () => {
    const zone = zoneOf([{ id: 'github', effect: 'ask', tools: ['mcp:github/*'] }]);
    expect(zone.decide(request('mcp:github/create_issue')).rule).toBe('github');
    expect(zone.decide(request('mcp:gitlab/create_issue')).rule).toBe('default:exploration');
  });

  it('gives the reason of the first rule in chain order on a tie', () => {
    const zone = zoneOf([
      { id: 'first', effect: 'deny', tools: ['read'], reason: 'first reason' },
      { id: 'second', effect: 'deny', tools: ['read'], paths: ['**'], reason: 'second reason' },
    ]);
    expect(zone.decide(request('read', { paths: [at('/w/proj/a')] })).reason).toBe('first reason');
  });
});

describe('PolicyZone.decide across a chain', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'zone-chain-'));
    writeFileSync(
      join(dir, 'base.yaml'),
      `version: 1
zone: acme/base
defaults: { action: deny }
rules:
  - { id: no-env, effect: deny, tools: [read], paths: [.env], reason: env files stay closed }
  - { id: push, effect: ask, tools: [exec], argv: [git, push] }
`,
    );
  });
  afterEach(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  it("keeps a parent's deny and ask against a child's allow, and the parent's stricter default", () => {
    const zone = loadZone(
      {
        version: 1,
        zone: 'acme/child',
        extends: ['base'],
        rules: [
          { id: 'all-reads', effect: 'allow', tools: ['read'] },
          { id: 'git', effect: 'allow', tools: ['exec'], argv: ['git'] },
        ],
      },
      { baseDir: dir, home },
    );
    expect(zone.decide(request('read', { paths: [at('/w/proj/.env')] }))).toEqual({
      effect: 'deny',
      zone: 'acme/base',
      rule: 'no-env',
      reason: 'env files stay closed',
    });
    const exec = (argv: string[]) => zone.decide(request('exec', { category: 'action', commands: [argv] }));
    expect(exec(['git', 'push'])).toMatchObject({ effect: 'ask', zone: 'acme/base', rule: 'push' });
    expect(exec(['git', 'status'])).toMatchObject({ effect: 'allow', zone: 'acme/child', rule: 'git' });
    expect(exec(['ls'])).toMatchObject({ effect: 'deny', zone: 'acme/base', rule: 'default:action' });
  });

  it('judges the real form against the real WorkDir when the WorkDir is reached through a link', () => {
    mkdirSync(join(dir, 'real-work/src'), { recursive: true });
    const linked = join(dir, 'work');
    symlinkSync(join(dir, 'real-work'), linked);
    const real = realpathSync(join(dir, 'real-work'));
    const zone = zoneOf([{ id: 'src', effect: 'allow', tools: ['write'], paths: ['/src/**'] }]);
    const decision = zone.decide({
      tool: 'write',
      category: 'action',
      workDir: linked,
      paths: [{ lexical: join(linked, 'src/a.ts'), real: join(real, 'src/a.ts') }],
    });
    expect(decision.rule).toBe('src');
  });
});
