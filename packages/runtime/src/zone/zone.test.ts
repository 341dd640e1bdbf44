import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadZone, type Zone, ZoneError, type ZoneRequest } from './zone.js';

// The example of the governance spec, word for word, with a baseline for it to extend.
const SPEC_EXAMPLE = `version: 1
zone: acme/ci-bot
extends: [baseline]          # a child zone can only narrow its parents
defaults: { exploration: allow, action: ask, noHuman: deny }
rules:
  - id: no-secrets
    effect: deny             # effect is required; a rule without one fails the load
    tools: [read, grep, glob, edit, write, apply_patch, exec]
    paths: ["**/.env", "**/*.pem", "secrets/**"]
    reason: secrets are never readable by agents
  - id: tests-ok
    effect: allow
    tools: [exec]
    argv: [[npm, pnpm], [test, run], "*"]        # token prefix; a nested list = alternatives
    examples: { match: ["npm test"], not_match: ["npm publish", "npm test && curl x"] }
  - id: docs-sites
    effect: allow
    tools: [browser_navigate, web_search]
    domains: ["*.mozilla.org"]
`;

const BASELINE = `version: 1
zone: acme/baseline
rules:
  - id: push-asks
    effect: ask
    tools: [exec]
    argv: [git, [push, fetch]]
    reason: pushing and fetching reach the network; a human decides
`;

const workDir = '/w/proj';
const call = (tool: string, category: ZoneRequest['category'], targets: Partial<ZoneRequest>): ZoneRequest => ({
  tool,
  category,
  workDir,
  paths: [],
  ...targets,
});
const at = (path: string) => [{ lexical: path, real: path }];

describe('the spec example', () => {
  let dir: string;
  let zone: Zone;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'zone-spec-'));
    writeFileSync(join(dir, 'baseline.yaml'), BASELINE);
    writeFileSync(join(dir, 'ci-bot.yaml'), SPEC_EXAMPLE);
    zone = loadZone(join(dir, 'ci-bot.yaml'));
  });
  afterAll(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  it('loads with its id', () => {
    expect(zone.id).toBe('acme/ci-bot');
  });

  it('no-secrets: refuses .env, .pem and secrets/ for the listed tools', () => {
    const secret = {
      effect: 'deny',
      zone: 'acme/ci-bot',
      rule: 'no-secrets',
      reason: 'secrets are never readable by agents',
    };
    expect(zone.decide(call('read', 'exploration', { paths: at('/w/proj/.env') }))).toEqual(secret);
    expect(zone.decide(call('grep', 'exploration', { paths: at('/w/proj/certs/server.pem') }))).toEqual(secret);
    expect(zone.decide(call('write', 'action', { paths: at('/w/proj/secrets/token') }))).toEqual(secret);
    expect(zone.decide(call('read', 'exploration', { paths: at('/home/u/other/.env') }))).toEqual(secret);
    expect(zone.decide(call('read', 'exploration', { paths: at('/w/proj/src/secrets/x') })).rule).toBe(
      'default:exploration',
    );
    expect(zone.decide(call('memory', 'action', { paths: at('/w/proj/.env') })).rule).toBe('default:action');
  });

  it('tests-ok: allows test runs, and asks for anything else a line runs', () => {
    expect(zone.decide(call('exec', 'action', { commands: [['npm', 'test']] }))).toEqual({
      effect: 'allow',
      zone: 'acme/ci-bot',
      rule: 'tests-ok',
      reason: 'rule tests-ok allows this call',
    });
    expect(zone.decide(call('exec', 'action', { commands: [['pnpm', 'run', 'lint']] })).rule).toBe('tests-ok');
    expect(zone.decide(call('exec', 'action', { commands: [['npm', 'publish']] })).effect).toBe('ask');
    expect(
      zone.decide(
        call('exec', 'action', {
          commands: [
            ['npm', 'test'],
            ['curl', 'x'],
          ],
        }),
      ),
    ).toEqual({
      effect: 'ask',
      zone: 'acme/ci-bot',
      rule: 'default:action',
      reason: 'no rule covers exec running `curl x`; action calls need approval by default',
    });
  });

  it('docs-sites: allows Mozilla subdomains; other hosts fall to the default', () => {
    const navigate = (host: string) => zone.decide(call('browser_navigate', 'action', { hosts: [host] }));
    expect(navigate('developer.mozilla.org')).toMatchObject({ effect: 'allow', rule: 'docs-sites' });
    expect(navigate('mozilla.org')).toMatchObject({ effect: 'ask', rule: 'default:action' });
  });

  it('the baseline still applies: push-asks', () => {
    expect(zone.decide(call('exec', 'action', { commands: [['git', 'push', 'origin', 'main']] }))).toEqual({
      effect: 'ask',
      zone: 'acme/baseline',
      rule: 'push-asks',
      reason: 'pushing and fetching reach the network; a human decides',
    });
  });

  it('fails the load when a rule loses its effect', () => {
    writeFileSync(join(dir, 'broken.yaml'), SPEC_EXAMPLE.replace('    effect: deny             #', '    #'));
    expect(() => loadZone(join(dir, 'broken.yaml'))).toThrow(ZoneError);
    expect(() => loadZone(join(dir, 'broken.yaml'))).toThrow(
      `${join(dir, 'broken.yaml')}: rules[0].effect (rule no-secrets): missing; every rule must say allow, ask or deny (nothing is assumed)`,
    );
  });
});
