import { describe, expect, it } from 'vitest';
import { reporter } from './check-fields.js';
import { checkPolicy } from './check-policy.js';

function problemsOf(value: unknown): string[] {
  const problems: string[] = [];
  checkPolicy(value, reporter(undefined, problems));
  return problems;
}

describe('checkPolicy', () => {
  it('rejects a bad effect, a bad default and a noHuman other than deny', () => {
    const policy = {
      version: 1,
      zone: 'z',
      defaults: { action: 'maybe', noHuman: 'allow' },
      rules: [{ id: 'r', effect: 'permit', tools: ['read'] }],
    };
    expect(problemsOf(policy)).toEqual([
      'defaults.action: must be allow, ask or deny, got "maybe"',
      'defaults.noHuman: can only be deny (an ask nobody can answer is refused), got "allow"',
      'rules[0].effect (rule r): must be allow, ask or deny, got "permit"',
    ]);
  });

  it('rejects missing or malformed top-level fields', () => {
    expect(problemsOf({ extends: 'baseline', rules: { id: 'r' } })).toEqual([
      'version: missing; write version: 1',
      'zone: missing; give the zone an id, e.g. zone: acme/ci-bot',
      'extends: must be a list of zone names or file paths, e.g. [baseline], got "baseline"',
      'rules: must be a list of rules, got a mapping',
    ]);
    expect(problemsOf({ version: '1', zone: '', defaults: 'strict' })).toEqual([
      'version: must be 1 (the only version there is), got "1"',
      'zone: must be a non-empty string, got ""',
      'defaults: must be a mapping with exploration, action and noHuman, got "strict"',
    ]);
    expect(problemsOf([])).toEqual(['a zone policy must be a mapping with version, zone and rules, got an empty list']);
  });

  it('rejects malformed rules, naming the rule by index and id', () => {
    const policy = {
      version: 1,
      zone: 'z',
      rules: [
        'deny everything',
        { effect: 'deny', tools: ['read'] },
        { id: 'has space', effect: 'deny', tools: 'read' },
        { id: 'two', effect: 'deny', tools: ['read', 3], paths: ['a'], argv: ['ls'] },
        { id: 'empty', effect: 'deny', tools: [], reason: '' },
        { id: 'patterns', effect: 'deny', tools: ['x'], paths: ['ok', '!no'] },
        { id: 'hosts', effect: 'allow', tools: ['x'], domains: ['*bad.org'] },
        { id: 'argv', effect: 'allow', tools: ['x'], argv: ['*', 'ls'] },
        { id: 'lists', effect: 'allow', tools: ['x'], paths: [], examples: { match: 'a' } },
      ],
    };
    expect(problemsOf(policy)).toEqual([
      'rules[0]: must be a mapping with id, effect and tools, got "deny everything"',
      'rules[1].id: missing; every rule needs an id, unique across the zone chain',
      'rules[2].id: must start with a letter or digit and hold only letters, digits, ".", "_", "-" and "/"; got "has space"',
      'rules[2].tools: must be a non-empty list of tool names ("*" matches any characters), got "read"',
      'rules[3].tools[1] (rule two): must be a non-empty string, got 3',
      'rules[3] (rule two): give at most one of paths, argv, domains and recipients; this rule has paths and argv',
      'rules[4].tools (rule empty): must be a non-empty list of tool names ("*" matches any characters), got an empty list',
      'rules[4].reason (rule empty): must be a non-empty sentence for the model to read, got ""',
      'rules[5].paths[1] (rule patterns): "!no": negation with "!" is not supported; rules are collected, not ordered',
      'rules[6].domains[0] (rule hosts): "*bad.org" is not a host name (letters, digits and "-" between dots), nor "*." followed by one',
      'rules[7].argv[0] (rule argv): "*" (any rest) may only be the last element',
      'rules[8].paths (rule lists): must be a non-empty list of path patterns, got an empty list',
      'rules[8].examples.match (rule lists): must be a non-empty list of strings, got "a"',
    ]);
  });
});
