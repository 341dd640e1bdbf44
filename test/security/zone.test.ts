import { existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type CellSpec, createEngine } from '@wesgine/runtime';
import { Path, Type } from '@wesgine/schema';
import { describe, expect, it } from 'vitest';

// Zone policies through run.call: loaded from YAML next to the work folder, rules judged on both the
// lexical and the real path, a chain that can only narrow, and a broken file refused when the cell is
// created rather than at the first call.

const BASELINE = `version: 1
zone: org/baseline
defaults: { exploration: allow, action: ask, noHuman: deny }
rules:
  - id: no-secrets
    effect: deny
    tools: [readfile, writefile]
    paths: ["**/.env", "**/*.pem", "/secrets/**"]
    reason: secrets are never readable by agents
`;

const CHILD = `version: 1
zone: acme/ci-bot
extends: [baseline]
defaults: { exploration: allow, action: deny }
rules:
  - id: drafts-ok
    effect: allow
    tools: [writefile]
    paths: ["/drafts/**"]
  - id: env-please
    effect: allow
    tools: [readfile]
    paths: ["**/.env"]
`;

function world(zone: CellSpec['zone'] = 'policy/ci-bot.yaml') {
  const root = realpathSync(mkdtempSync(join(tmpdir(), 'wesgine-zone-')));
  const work = join(root, 'proj');
  mkdirSync(join(work, 'policy'), { recursive: true });
  mkdirSync(join(work, 'drafts'));
  mkdirSync(join(work, 'secrets'));
  writeFileSync(join(work, 'policy', 'baseline.yaml'), BASELINE);
  writeFileSync(join(work, 'policy', 'ci-bot.yaml'), CHILD);
  writeFileSync(join(work, '.env'), 'TOKEN=hunter2\n');
  writeFileSync(join(work, 'secrets', 'key.txt'), 'KEY\n');
  writeFileSync(join(work, 'readme.md'), 'hello\n');
  const cell = createEngine().createCell({ workDir: work, zone });
  const real = (path: string, context: { resolvedPaths: ReadonlyMap<string, string> }) =>
    context.resolvedPaths.get('/path') ?? path;
  cell.tools().register({
    name: 'readfile',
    description: 'Reads a file.',
    parameters: Type.Object({ path: Path({ access: 'read' }) }),
    meta: { readOnly: true },
    handler: ({ path }, context) => readFileSync(real(path, context), 'utf8'),
  });
  cell.tools().register({
    name: 'writefile',
    description: 'Writes a file.',
    parameters: Type.Object({ path: Path({ access: 'write' }), text: Type.String() }),
    handler: ({ path, text }, context) => {
      writeFileSync(real(path, context), text);
      return `wrote ${path}`;
    },
  });
  return { work, run: cell.run() };
}

describe('security: zone policies', () => {
  it('a deny rule of a parent wins over an allow rule of its child, and its reason reaches the model', async () => {
    const { run } = world();
    const result = await run.call('readfile', { path: '.env' });
    expect(result).toEqual({
      isError: true,
      code: 'zone_denied',
      text: "Not allowed by zone 'org/baseline': secrets are never readable by agents",
    });
    expect((await run.call('readfile', { path: 'readme.md' })).text).toBe('hello\n');
  });

  it('a deny rule matches the real path too: a link to a secret is refused', async () => {
    const { run, work } = world();
    symlinkSync(join(work, '.env'), join(work, 'innocent.txt'));
    symlinkSync(join(work, 'secrets'), join(work, 'public'));
    expect(await run.call('readfile', { path: 'innocent.txt' })).toMatchObject({ code: 'zone_denied' });
    expect(await run.call('readfile', { path: 'public/key.txt' })).toMatchObject({ code: 'zone_denied' });
  });

  it('an allow rule needs both forms: a link inside drafts to a file elsewhere falls to the default', async () => {
    const { run, work } = world();
    expect(await run.call('writefile', { path: 'drafts/a.md', text: 'draft' })).toEqual({
      isError: false,
      text: 'wrote drafts/a.md',
    });
    symlinkSync(join(work, 'readme.md'), join(work, 'drafts', 'sneaky.md'));
    expect(await run.call('writefile', { path: 'drafts/sneaky.md', text: 'pwned' })).toMatchObject({
      code: 'zone_denied',
    });
    expect(readFileSync(join(work, 'readme.md'), 'utf8')).toBe('hello\n');
    expect(await run.call('writefile', { path: 'notes.md', text: 'x' })).toMatchObject({ code: 'zone_denied' });
    expect(existsSync(join(work, 'notes.md'))).toBe(false);
  });

  it('a policy that fails its checks stops the cell from being created', () => {
    expect(() =>
      world({
        version: 1,
        zone: 'broken',
        rules: [{ id: 'no-effect', tools: ['readfile'], paths: ['**/.env'] }],
      }),
    ).toThrow(/no-effect/);
    expect(() =>
      world({
        version: 1,
        zone: 'bad-example',
        rules: [
          {
            id: 'tests-ok',
            effect: 'allow',
            tools: ['sh'],
            argv: [['npm', 'pnpm'], 'test'],
            examples: { match: ['npm test'], not_match: ['npm test && curl x', 'pnpm test'] },
          },
        ],
      }),
    ).toThrow(/pnpm test/);
  });
});
