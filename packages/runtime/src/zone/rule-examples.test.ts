import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { loadZone } from './load-zone.js';
import { ZoneError } from './zone-error.js';

function problemsOf(load: () => unknown): readonly string[] {
  try {
    load();
  } catch (error) {
    if (ZoneError.isInstance(error)) return error.problems;
    throw error;
  }
  throw new Error('the policy loaded');
}

describe('rule examples', () => {
  it('rejects examples that fail, both ways', () => {
    const policy = parse(`version: 1
zone: z
rules:
  - id: tests-ok
    effect: allow
    tools: [exec]
    argv: [[npm, pnpm], [test, run], "*"]
    examples: { match: ["npm test", "npm tset"], not_match: ["npm publish", "pnpm run lint"] }
  - id: no-keys
    effect: deny
    tools: [read]
    paths: ["*.pem"]
    examples: { match: ["a/b.pem"], not_match: ["b.pem"] }
  - id: docs
    effect: allow
    tools: [web_search]
    domains: ["*.mozilla.org"]
    examples: { match: ["mozilla.org"] }
`);
    expect(problemsOf(() => loadZone(policy))).toEqual([
      `rules[0].examples.match[1] (rule tests-ok): "npm tset" is listed under match, but the rule does not match it`,
      `rules[0].examples.not_match[1] (rule tests-ok): "pnpm run lint" is listed under not_match, but the rule matches it`,
      `rules[1].examples.not_match[0] (rule no-keys): "b.pem" is listed under not_match, but the rule matches it`,
      `rules[2].examples.match[0] (rule docs): "mozilla.org" is listed under match, but the rule does not match it`,
    ]);
  });

  it('reads command examples as the Sandbox does: allow needs every sub-command, deny and ask any', () => {
    const policy = {
      version: 1,
      zone: 'z',
      rules: [
        {
          id: 'tests-ok',
          effect: 'allow',
          tools: ['exec'],
          argv: ['npm', 'test'],
          examples: { match: ['npm test && npm test --watch'], not_match: ['npm test && curl x', 'npm test $(id)'] },
        },
        {
          id: 'no-rm',
          effect: 'deny',
          tools: ['exec'],
          argv: ['rm'],
          examples: { match: ['ls && rm -rf x', '/bin/rm x'], not_match: ['ls', 'git rm x'] },
        },
        { id: 'home', effect: 'ask', tools: ['read'], paths: ['~/notes/**'], examples: { match: ['~/notes/a.md'] } },
        {
          id: 'src',
          effect: 'allow',
          tools: ['write'],
          paths: ['/src/**'],
          examples: { match: ['src/a.ts', 'src/deep/b.ts'], not_match: ['lib/src/a.ts', '../outside/src/a.ts'] },
        },
        {
          id: 'docs',
          effect: 'allow',
          tools: ['web_search'],
          domains: ['docs.python.org'],
          examples: { match: ['Docs.Python.org.'], not_match: ['python.org'] },
        },
      ],
    };
    expect(loadZone(policy).id).toBe('z');
  });
});
