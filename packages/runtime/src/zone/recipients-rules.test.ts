import { describe, expect, it } from 'vitest';
import { loadZone } from './load-zone.js';
import type { ZoneRequest } from './zone.js';
import { ZoneError } from './zone-error.js';

const send = (recipients: string[], extra: Partial<ZoneRequest> = {}): ZoneRequest => ({
  tool: 'email.send',
  category: 'action',
  workDir: '/w',
  paths: [],
  recipients,
  ...extra,
});

function zoneOf(rules: object[], defaults?: object) {
  return loadZone({ version: 1, zone: 'mail', ...(defaults === undefined ? {} : { defaults }), rules });
}

function problemsOf(rules: object[]): readonly string[] {
  try {
    zoneOf(rules);
  } catch (error) {
    if (ZoneError.isInstance(error)) return error.problems;
    throw error;
  }
  throw new Error('the zone loaded');
}

describe('Zone recipients rules', () => {
  const zone = zoneOf([
    { id: 'team', effect: 'allow', tools: ['email.send'], recipients: ['*@example.com'] },
    { id: 'partners', effect: 'ask', tools: ['email.*'], recipients: ['*@*.partner.org'] },
    { id: 'rivals', effect: 'deny', tools: ['*'], recipients: ['*@rival.com'], reason: 'never mail a rival' },
  ]);

  it('judges each recipient as a target and lets the strictest win', () => {
    expect(zone.decide(send(['bob@example.com', 'Carol@EXAMPLE.com']))).toEqual({
      effect: 'allow',
      zone: 'mail',
      rule: 'team',
      reason: 'rule team allows this call',
    });
    expect(zone.decide(send(['bob@example.com', 'dan@eu.partner.org']))).toEqual({
      effect: 'ask',
      zone: 'mail',
      rule: 'partners',
      reason: 'rule partners asks for approval of email.send to dan@eu.partner.org',
    });
    expect(zone.decide(send(['dan@eu.partner.org', 'eve@rival.com', 'bob@example.com']))).toEqual({
      effect: 'deny',
      zone: 'mail',
      rule: 'rivals',
      reason: 'never mail a rival',
    });
  });

  it('leaves a recipient no rule covers to the default of the category, naming it', () => {
    expect(zone.decide(send(['bob@example.com', 'zoe@elsewhere.net']))).toEqual({
      effect: 'ask',
      zone: 'mail',
      rule: 'default:action',
      reason: 'no rule covers email.send to zoe@elsewhere.net; action calls need approval by default',
    });
    // `*@*.partner.org` is subdomains only.
    expect(zone.decide(send(['dan@partner.org'])).rule).toBe('default:action');
  });

  it('says, for an askFirst call, whether rules naming the tool allowed every recipient', () => {
    const open = zoneOf(
      [
        { id: 'team', effect: 'allow', tools: ['email.send'], recipients: ['*@example.com'] },
        { id: 'anyone', effect: 'allow', tools: ['*'], recipients: ['*@friends.org'] },
        { id: 'mail-tools', effect: 'allow', tools: ['email.*'], recipients: ['*@family.org'] },
      ],
      { action: 'allow' },
    );
    const explicit = (recipients: string[]) => open.decide(send(recipients, { askFirst: true })).explicit;
    expect(explicit(['bob@example.com'])).toBe(true);
    expect(explicit(['mum@family.org', 'bob@example.com'])).toBe(true);
    expect(explicit(['bob@example.com', 'ann@friends.org'])).toBe(false);
    expect(explicit(['bob@example.com', 'zoe@elsewhere.net'])).toBe(false);
    // Only an askFirst request is told, so other decisions compare as before.
    expect(open.decide(send(['bob@example.com'])).explicit).toBeUndefined();
  });

  it('checks patterns and examples at load, naming the rule', () => {
    expect(
      problemsOf([
        { id: 'bad', effect: 'allow', tools: ['email.send'], recipients: ['example.com', '*@x..org'] },
        { id: 'two', effect: 'allow', tools: ['email.send'], recipients: ['*@x.org'], domains: ['x.org'] },
        { id: 'empty', effect: 'deny', tools: ['email.send'], recipients: [] },
        {
          id: 'examples',
          effect: 'allow',
          tools: ['email.send'],
          recipients: ['*@example.com'],
          examples: { match: ['Bob <bob@Example.com>', 'bob@sub.example.com', 'bob'], not_match: ['eve@example.com'] },
        },
      ]),
    ).toEqual([
      'rules[0].recipients[0] (rule bad): "example.com" is not a recipient pattern: write local@domain with exactly one "@", "*" for any run of characters (*@example.com)',
      'rules[0].recipients[1] (rule bad): "*@x..org" is not a recipient pattern: the part after "@" must be a domain (letters, digits and inner "-" between dots), "*" for any run of characters',
      'rules[1] (rule two): give at most one of paths, argv, domains and recipients; this rule has domains and recipients',
      'rules[2].recipients (rule empty): must be a non-empty list of address patterns (*@example.com, bob@example.org), got an empty list',
      'rules[3].examples.match[1] (rule examples): "bob@sub.example.com" is listed under match, but the rule does not match it',
      'rules[3].examples.match[2] (rule examples): "bob" is not a mail address to test the rule on: it has no "@"',
      'rules[3].examples.not_match[0] (rule examples): "eve@example.com" is listed under not_match, but the rule matches it',
    ]);
  });

  it('shows the rule as written in describe()', () => {
    expect(zone.describe?.().rules[1]).toEqual({
      id: 'partners',
      zone: 'mail',
      effect: 'ask',
      tools: ['email.*'],
      condition: { kind: 'recipients', patterns: ['*@*.partner.org'] },
      reason: undefined,
      examples: { match: [], notMatch: [] },
    });
  });

  it('counts only rules that name the tool (or its source) as explicit, through a narrowing too', () => {
    const byName = zoneOf([{ id: 'send-ok', effect: 'allow', tools: ['email.send'] }]);
    const bySource = zoneOf([{ id: 'mail-ok', effect: 'allow', tools: ['email.*'] }]);
    const byStar = zoneOf([{ id: 'all-ok', effect: 'allow', tools: ['*'] }]);
    const byGlob = zoneOf([{ id: 'send-ish', effect: 'allow', tools: ['*.send'] }]);
    const byDefault = zoneOf([], { action: 'allow' });
    const ask = (tool: string) => ({ ...send([]), tool, askFirst: true });
    expect(byName.decide(ask('email.send')).explicit).toBe(true);
    expect(bySource.decide(ask('email.send')).explicit).toBe(true);
    expect(byStar.decide(ask('email.send')).explicit).toBe(false);
    expect(byGlob.decide(ask('email.send')).explicit).toBe(false);
    expect(byDefault.decide(ask('email.send'))).toEqual({
      effect: 'allow',
      zone: 'mail',
      rule: 'default:action',
      reason: 'no rule covers this call; action calls are allowed by default',
      explicit: false,
    });
    expect(byName.narrow(byName).decide(ask('email.send')).explicit).toBe(true);
    expect(byName.narrow(byDefault).decide(ask('email.send')).explicit).toBe(false);
    expect(byDefault.narrow(byName).decide(ask('email.send')).explicit).toBe(false);
  });
});
