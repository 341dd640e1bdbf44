// The cron adapter with the real built-in tools: a scheduled write lands, and the default Zone's rules
// refuse, at run time, a scheduled write of a secret file and one that would need a person's approval.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cronAdapter } from '@wesgine/adapter-cron';
import { builtins } from '@wesgine/builtins';
import { type Cell, createEngine, DEFAULT_ZONE_FILE } from '@wesgine/runtime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = mkdtempSync(join(tmpdir(), 'cron-e2e-'));
const workDir = join(root, 'work');
let cell: Cell;

beforeAll(() => {
  mkdirSync(join(workDir, 'notes'), { recursive: true });
  const engine = createEngine({ tools: builtins, adapters: [cronAdapter] });
  cell = engine.createCell({
    workDir,
    dataDir: join(root, 'data'),
    cron: {},
    zone: {
      version: 1,
      zone: 'cron-e2e',
      extends: [DEFAULT_ZONE_FILE],
      rules: [
        { id: 'scheduling', effect: 'allow', tools: ['cron.*'] },
        { id: 'notes', effect: 'allow', tools: ['write'], paths: ['/notes/**'] },
      ],
    },
  });
});

afterAll(async () => {
  await cell.stop();
  rmSync(root, { recursive: true, force: true });
});

async function scheduled(path: string, content: string): Promise<string> {
  const at = new Date(Date.now() + 200).toISOString();
  const made = await cell.run({ actor: 'ana' }).call('cron.schedule', {
    when: at,
    run: { tool: 'write', arguments: { path, content } },
  });
  expect(made.isError).toBe(false);
  return /cron-[0-9a-f]{8}/.exec(made.text)?.[0] ?? '';
}

async function outcome(id: string): Promise<string> {
  const until = Date.now() + 5000;
  for (;;) {
    const text = (await cell.run({ actor: 'ana' }).call('cron.list', { id })).text;
    const last = text.split('\n').at(-1) ?? '';
    if (/ (ok|failed \(\w+\))/.test(last)) return last;
    if (Date.now() > until) throw new Error(`job ${id} did not run: ${text}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe('cron jobs calling the built-in tools', () => {
  it('writes a note at its time, audited with the job as origin', async () => {
    const id = await scheduled('notes/today.md', 'stand-up at ten\n');
    expect(await outcome(id)).toMatch(/^- \S+Z ok: /);
    expect(readFileSync(join(workDir, 'notes', 'today.md'), 'utf8')).toBe('stand-up at ten\n');
    expect(cell.auditLog().filter((event) => event.origin?.id === id)).toMatchObject([
      { tool: 'write', actor: 'ana', outcome: 'ok', origin: { kind: 'cron', id } },
    ]);
  });

  it('is refused a secret file by the default Zone at run time', async () => {
    const id = await scheduled('.env', 'TOKEN=1\n');
    expect(await outcome(id)).toMatch(
      /^- \S+Z failed \(zone_denied\): .*files that usually hold secrets are closed to agents/,
    );
    expect(existsSync(join(workDir, '.env'))).toBe(false);
  });

  it('is refused a write that would ask a person, since a job has nobody to ask', async () => {
    const id = await scheduled('elsewhere.md', 'x\n');
    expect(await outcome(id)).toMatch(/^- \S+Z failed \(approval_required\): /);
    expect(existsSync(join(workDir, 'elsewhere.md'))).toBe(false);
  });
});
