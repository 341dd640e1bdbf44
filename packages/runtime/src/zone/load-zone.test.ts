import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadZone } from './load-zone.js';
import type { ZoneRequest } from './zone.js';
import { ZoneError } from './zone-error.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'zone-load-'));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

function write(name: string, text: string): string {
  const file = join(dir, name);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, text);
  return file;
}

function problemsOf(load: () => unknown): readonly string[] {
  try {
    load();
  } catch (error) {
    if (ZoneError.isInstance(error)) return error.problems;
    throw error;
  }
  throw new Error('the policy loaded');
}

const read = (path: string): ZoneRequest => ({
  tool: 'read',
  category: 'exploration',
  workDir: '/w',
  paths: [{ lexical: path, real: path }],
});
const exec = (...commands: string[][]): ZoneRequest => ({
  tool: 'exec',
  category: 'action',
  workDir: '/w',
  paths: [],
  commands,
});

const SECRETS_YAML = `version: 1
zone: acme/bot
rules:
  - id: no-env
    effect: deny
    tools: [read]
    paths: ["**/.env"]
`;

describe('loadZone: sources', () => {
  it.each(['zone.yaml', 'zone.yml'])('loads YAML (%s)', (name) => {
    const zone = loadZone(write(name, SECRETS_YAML));
    expect(zone.id).toBe('acme/bot');
    expect(zone.decide(read('/w/.env')).rule).toBe('no-env');
    expect(zone.decide(read('/w/a.txt')).rule).toBe('default:exploration');
  });

  it('loads JSON', () => {
    const policy = { version: 1, zone: 'acme/json', rules: [{ id: 'r', effect: 'ask', tools: ['exec'] }] };
    const zone = loadZone(write('zone.json', JSON.stringify(policy)));
    expect(zone.decide(exec(['ls']))).toEqual({
      effect: 'ask',
      zone: 'acme/json',
      rule: 'r',
      reason: 'rule r asks for approval of exec running `ls`',
    });
  });

  it('loads an object, and finds its parents in baseDir', () => {
    write('baseline.yaml', SECRETS_YAML);
    const zone = loadZone({ version: 1, zone: 'acme/child', extends: ['baseline'] }, { baseDir: dir });
    expect(zone.id).toBe('acme/child');
    expect(zone.decide(read('/w/.env'))).toMatchObject({ effect: 'deny', zone: 'acme/bot', rule: 'no-env' });
  });

  it('resolves a relative file path against baseDir', () => {
    write('policies/zone.yaml', SECRETS_YAML);
    expect(loadZone('policies/zone.yaml', { baseDir: dir }).id).toBe('acme/bot');
  });

  it('tries .yaml, .yml, then .json for a name, and takes an entry with an extension as a path', () => {
    write('base.json', '{"version": 1, "zone": "from-json", "defaults": {"action": "deny"}}');
    write('base.yml', 'version: 1\nzone: from-yml\ndefaults: { action: deny }\n');
    write('shared/other.json', '{"version": 1, "zone": "other", "defaults": {"exploration": "ask"}}');
    const zone = loadZone(
      write('policies/zone.yaml', 'version: 1\nzone: z\nextends: [../base, ../shared/other.json]\n'),
    );
    expect(zone.decide(exec(['ls']))).toMatchObject({ effect: 'deny', zone: 'from-yml', rule: 'default:action' });
    expect(zone.decide(read('/w/a'))).toMatchObject({ effect: 'ask', zone: 'other', rule: 'default:exploration' });
  });

  it('loads a parent two zones share once (its rule ids are not duplicates)', () => {
    write('root.yaml', SECRETS_YAML);
    write('left.yaml', 'version: 1\nzone: left\nextends: [root]\n');
    write('right.yaml', 'version: 1\nzone: right\nextends: [root]\n');
    const zone = loadZone(write('leaf.yaml', 'version: 1\nzone: leaf\nextends: [left, right]\n'));
    expect(zone.decide(read('/w/.env')).rule).toBe('no-env');
  });

  it('accepts a zone with no rules and no defaults: exploration allowed, action asked', () => {
    const zone = loadZone({ version: 1, zone: 'bare' });
    expect(zone.decide(read('/w/a')).effect).toBe('allow');
    expect(zone.decide(exec(['ls']))).toEqual({
      effect: 'ask',
      zone: 'bare',
      rule: 'default:action',
      reason: 'no rule covers exec running `ls`; action calls need approval by default',
    });
  });
});

describe('loadZone: problems', () => {
  it('rejects a rule without an effect', () => {
    const file = write('zone.yaml', 'version: 1\nzone: z\nrules:\n  - id: r\n    tools: [read]\n');
    expect(problemsOf(() => loadZone(file))).toEqual([
      `${file}: rules[0].effect (rule r): missing; every rule must say allow, ask or deny (nothing is assumed)`,
    ]);
  });

  it('rejects unknown fields, suggesting the near one', () => {
    const file = write(
      'zone.yaml',
      'version: 1\nzone: z\nrule: []\ncolour: red\ndefaults: { acton: ask }\nrules:\n  - id: r\n    efect: deny\n    tools: [read]\n    examples: { matches: [a] }\n',
    );
    expect(problemsOf(() => loadZone(file))).toEqual([
      `${file}: rule: unknown field; did you mean rules?`,
      `${file}: colour: unknown field; the known fields here are version, zone, extends, defaults, rules`,
      `${file}: defaults.acton: unknown field; did you mean action?`,
      `${file}: rules[0].efect (rule r): unknown field; did you mean effect?`,
      `${file}: rules[0].effect (rule r): missing; every rule must say allow, ask or deny (nothing is assumed)`,
      `${file}: rules[0].examples.matches (rule r): unknown field; did you mean match?`,
      `${file}: rules[0].examples (rule r): there is nothing to test; examples need a paths, argv, domains or recipients condition`,
    ]);
  });

  it('rejects a rule id used twice, in one file or across the chain', () => {
    const base = write('base.yaml', SECRETS_YAML);
    const file = write(
      'zone.yaml',
      'version: 1\nzone: child\nextends: [base]\nrules:\n  - { id: mine, effect: ask, tools: [exec] }\n  - { id: mine, effect: deny, tools: [exec] }\n  - { id: no-env, effect: allow, tools: [read] }\n',
    );
    expect(problemsOf(() => loadZone(file))).toEqual([
      `${file}: rules[1].id (rule mine): is already the id of rules[0] of this zone; ids are unique across the chain`,
      `${file}: rules[2].id (rule no-env): is already the id of rules[0] of zone acme/bot (${base}); ids are unique across the chain`,
    ]);
  });

  it('rejects an extends cycle, naming the chain', () => {
    const a = write('a.yaml', 'version: 1\nzone: a\nextends: [b]\n');
    const b = write('b.yaml', 'version: 1\nzone: b\nextends: [c.yaml]\n');
    const c = write('c.yaml', 'version: 1\nzone: c\nextends: [a]\n');
    expect(problemsOf(() => loadZone(a))).toEqual([`${c}: extends[0]: makes a cycle: ${a} -> ${b} -> ${c} -> ${a}`]);
    const self = write('self.yaml', 'version: 1\nzone: self\nextends: [self]\n');
    expect(problemsOf(() => loadZone(self))).toEqual([`${self}: extends[0]: makes a cycle: ${self} -> ${self}`]);
  });

  it('sees a cycle through a symbolic link', () => {
    const a = write('a.yaml', 'version: 1\nzone: a\nextends: [link]\n');
    symlinkSync(a, join(dir, 'link.yaml'));
    expect(problemsOf(() => loadZone(a))).toEqual([
      `${a}: extends[0]: makes a cycle: ${a} -> ${join(dir, 'link.yaml')}`,
    ]);
  });

  it('rejects a default looser than a parent sets, or than a parent keeps by default', () => {
    const base = write('base.yaml', 'version: 1\nzone: acme/base\ndefaults: { exploration: ask }\n');
    const file = write(
      'zone.yaml',
      'version: 1\nzone: child\nextends: [base]\ndefaults: { exploration: allow, action: allow }\n',
    );
    expect(problemsOf(() => loadZone(file))).toEqual([
      `${file}: defaults.exploration: allow is looser than ask in zone acme/base (${base}), which this zone extends; a zone can only narrow its parents`,
      `${file}: defaults.action: allow is looser than ask in zone acme/base (${base}), which this zone extends; a zone can only narrow its parents`,
    ]);
  });

  it('rejects a parent that cannot be found', () => {
    const file = write('zone.yaml', 'version: 1\nzone: z\nextends: [baseline, ./gone.json]\n');
    expect(problemsOf(() => loadZone(file))).toEqual([
      `${file}: extends[0]: found no baseline.yaml, baseline.yml, baseline.json in ${dir}`,
      `${file}: extends[1]: ${join(dir, 'gone.json')} does not exist`,
    ]);
  });

  it('rejects extends in an object without baseDir', () => {
    expect(problemsOf(() => loadZone({ version: 1, zone: 'z', extends: ['baseline'] }))).toEqual([
      'extends[0]: a policy given as an object needs options.baseDir to find "baseline"',
    ]);
  });

  it('reports YAML syntax errors with their line and column', () => {
    const file = write('zone.yaml', 'version: 1\nzone: z\nrules:\n  - id: r\n    effect: [deny\n');
    expect(problemsOf(() => loadZone(file))).toEqual([
      `${file}: line 6, column 1: YAML syntax error: the indentation does not line up with the lines around it`,
    ]);
    const twice = write('twice.yaml', 'version: 1\nzone: a\nzone: b\n');
    expect(problemsOf(() => loadZone(twice))).toEqual([
      `${twice}: line 3, column 1: YAML syntax error: the same key appears twice in one mapping`,
    ]);
  });

  it('reports JSON syntax errors with their line and column', () => {
    const file = write('zone.json', '{\n  "version": 1,\n  "zone": "z",,\n}\n');
    expect(problemsOf(() => loadZone(file))).toEqual([`${file}: line 3, column 15: not valid JSON`]);
  });

  it('rejects a missing file and an unknown extension', () => {
    expect(problemsOf(() => loadZone(join(dir, 'none.yaml')))).toEqual([`${join(dir, 'none.yaml')}: no such file`]);
    const toml = write('zone.toml', 'version = 1');
    expect(problemsOf(() => loadZone(toml))).toEqual([`${toml}: a zone policy file must end in .yaml, .yml or .json`]);
  });

  it('reports the problems of every file in the chain at once, in one error', () => {
    const base = write('base.yaml', 'version: 1\nzone: base\nrules:\n  - { id: a, tools: [read] }\n');
    const file = write(
      'zone.yaml',
      'version: 1\nzone: z\nextends: [base]\nrules:\n  - { id: b, effect: no, tools: [read] }\n',
    );
    let caught: unknown;
    try {
      loadZone(file);
    } catch (error) {
      caught = error;
    }
    expect(ZoneError.isInstance(caught)).toBe(true);
    expect((caught as ZoneError).message).toBe(
      [
        'The zone policy was rejected (2 problems):',
        `- ${file}: rules[0].effect (rule b): must be allow, ask or deny, got "no"`,
        `- ${base}: rules[0].effect (rule a): missing; every rule must say allow, ask or deny (nothing is assumed)`,
      ].join('\n'),
    );
    expect(ZoneError.isInstance(new Error('x'))).toBe(false);
  });
});
