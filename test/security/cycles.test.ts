import { existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { builtins } from '@wesgine/builtins';
import {
  type ApprovalDecision,
  type ApprovalRequest,
  type CellSpec,
  createEngine,
  type ModelRequest,
  scriptedClient,
  type ToolResult,
} from '@wesgine/runtime';
import { createApp } from '@wesgine/runtime/http';
import { afterEach, describe, expect, it } from 'vitest';

// Issue 9, class 9 (loops by spelling), and the CycleDetector's vectors V1-V14 of the governance spec,
// through run.call with the real built-in tools (read, edit, write, exec, grep) in a throwaway folder.
// A verdict is read off the result: a block is `cycle_blocked` (and the handler did not run), a warning
// is the note at the end of the text.

const cells: { stop(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(cells.splice(0).map((cell) => cell.stop()));
});

function world(spec: Partial<CellSpec> = {}, human?: (request: ApprovalRequest) => ApprovalDecision) {
  const work = realpathSync(mkdtempSync(join(tmpdir(), 'wesgine-cycles-')));
  mkdirSync(join(work, 'sub'));
  writeFileSync(join(work, 'a.txt'), 'alpha\n');
  writeFileSync(join(work, 'b.txt'), 'beta\n');
  writeFileSync(join(work, 'f.txt'), 'A\n');
  writeFileSync(join(work, 'g.txt'), 'A\n');
  const cell = createEngine({ tools: builtins }).createCell({ workDir: work, ...spec });
  cells.push(cell);
  const asked: ApprovalRequest[] = [];
  const run = cell.run(
    human === undefined
      ? {}
      : {
          human: {
            ask: async (request) => {
              asked.push(request);
              return human(request);
            },
          },
        },
  );
  const verdicts: string[] = [];
  const call = async (tool: string, args: Record<string, unknown>) => {
    const result = await run.call(tool, args);
    verdicts.push(verdictOf(result));
    return result;
  };
  return { work, cell, run, call, verdicts, asked };
}

function verdictOf(result: { isError: boolean; code?: string; text: string }): string {
  if (result.code === 'cycle_blocked') return 'block';
  if (/\n\nNote: [^\n]*$/.test(result.text)) return 'warn';
  return result.isError ? `error ${result.code}` : 'ok';
}

const APPROVE: () => ApprovalDecision = () => ({ decision: 'approve' });

describe('security: loops by spelling (class 9) and the CycleDetector vectors', () => {
  it('V1: read(a) x5 -> ok ok warn warn block, whatever the spelling of the path', async () => {
    const { work, call, verdicts } = world();
    const results = [];
    for (const path of ['a.txt', './a.txt', '././a.txt', 'sub/../a.txt', join(work, 'a.txt')]) {
      results.push(await call('read', { path }));
    }
    expect(verdicts).toEqual(['ok', 'ok', 'warn', 'warn', 'block']);
    expect(results[2]?.text).toBe(
      '     1\talpha\n\nNote: read was called with the same arguments 3 times in a row. If the result did not help, change the arguments or the approach.',
    );
    expect(results[4]).toEqual({
      isError: true,
      code: 'cycle_blocked',
      text: 'Not run: read was called with the same arguments 5 times in a row. The result will not change; try another approach.',
    });
  });

  it('V1 by a trailing slash and by a link to the same file: one target, one key', async () => {
    const { call, verdicts, work } = world();
    const { symlinkSync } = await import('node:fs');
    symlinkSync(join(work, 'a.txt'), join(work, 'link.txt'));
    for (const path of ['a.txt', 'a.txt/', 'link.txt', 'sub/./../a.txt', 'a.txt']) await call('read', { path });
    expect(verdicts).toEqual(['ok', 'ok', 'warn', 'warn', 'block']);
  });

  it('V2: read(a), read(b) alternating: the 10th call is blocked (period 2, 5 repetitions)', async () => {
    const { call, verdicts } = world();
    for (let index = 0; index < 10; index++) await call('read', { path: index % 2 === 0 ? 'a.txt' : './b.txt' });
    expect(verdicts).toEqual([...Array(9).fill('ok'), 'block']);
  });

  it('V3: an action command x3 -> ok warn block, and the blocked one does not run', async () => {
    const { call, verdicts, work } = world();
    await call('exec', { command: 'echo 1 >> count.txt' });
    await call('exec', { command: 'echo 1 >> count.txt' });
    await call('exec', { command: 'echo 1 >> count.txt' });
    expect(verdicts).toEqual(['ok', 'warn', 'block']);
    expect(readFileSync(join(work, 'count.txt'), 'utf8')).toBe('1\n1\n');
  });

  it('V3 by spelling: touch t with other spacing, tabs, quotes and a comment is one command', async () => {
    const { call, verdicts, work } = world();
    for (const command of ['touch t', 'touch  t', 'touch\tt', "touch 't'", 'touch "t" # again', ' touch t ']) {
      await call('exec', { command });
    }
    expect(verdicts).toEqual(['ok', 'warn', 'block', 'block', 'block', 'block']);
    expect(existsSync(join(work, 't'))).toBe(true);
  });

  it('V3 by spelling: a redirection target is its real path (./o.txt, o.txt and sub/../o.txt are one file)', async () => {
    const { call, verdicts, work } = world();
    await call('exec', { command: 'echo x >> o.txt' });
    await call('exec', { command: 'echo x >> ./o.txt' });
    await call('exec', { command: 'echo x >>sub/../o.txt' });
    expect(verdicts).toEqual(['ok', 'warn', 'block']);
    expect(readFileSync(join(work, 'o.txt'), 'utf8')).toBe('x\nx\n');
  });

  it('different command lines stay different calls: operators, quoting that changes a word, here-documents', async () => {
    const { call, verdicts } = world();
    await call('exec', { command: 'touch p && touch q' });
    await call('exec', { command: 'touch p || touch q' });
    await call('exec', { command: 'touch "p q"' });
    await call('exec', { command: 'cat <<EOF > h.txt\none\nEOF' });
    await call('exec', { command: 'cat <<EOF > h.txt\ntwo\nEOF' });
    expect(verdicts).toEqual(['ok', 'ok', 'ok', 'ok', 'ok']);
  });

  it('V4: a read-only listing is exploration -> ok ok warn warn block', async () => {
    const { call, verdicts } = world();
    for (const command of ['ls -la', 'ls  -la', "ls '-la'", 'ls -la', 'ls -la']) await call('exec', { command });
    expect(verdicts).toEqual(['ok', 'ok', 'warn', 'warn', 'block']);
  });

  it("V5: exec's description is display-only -> ok warn", async () => {
    const { call, verdicts } = world();
    await call('exec', { command: 'touch made', description: 'x' });
    await call('exec', { command: 'touch made', description: 'y' });
    expect(verdicts).toEqual(['ok', 'warn']);
  });

  it('V5 for approvals: a session approval holds when only the display-only description changes', async () => {
    const { call, asked, verdicts, work } = world({}, () => ({ decision: 'approve', scope: 'session' }));
    await call('exec', { command: "eval 'echo 1 >> s.txt'", description: 'first' });
    await call('exec', { command: "eval 'echo 1 >> s.txt'", description: 'second' });
    expect(verdicts).toEqual(['ok', 'warn']);
    expect(asked).toHaveLength(1);
    expect(readFileSync(join(work, 's.txt'), 'utf8')).toBe('1\n1\n');
  });

  it('V6: edit(f,e1) x2, then edit(f,e2) -> ok warn ok (the halving rule)', async () => {
    const { call, verdicts } = world();
    await call('read', { path: 'f.txt' });
    const e1 = { path: 'f.txt', old_string: 'A', new_string: 'AB', replace_all: true };
    await call('edit', e1);
    await call('edit', { ...e1, path: './f.txt' });
    await call('edit', { path: 'f.txt', old_string: 'B', new_string: 'C', replace_all: true });
    expect(verdicts.slice(1)).toEqual(['ok', 'warn', 'ok']);
  });

  it('V8: nine different writes to one file are all ok', async () => {
    const { call, verdicts, work } = world();
    await call('read', { path: 'f.txt' });
    for (let index = 1; index <= 9; index++) await call('write', { path: 'f.txt', content: `c${index}\n` });
    expect(verdicts).toEqual(Array(10).fill('ok'));
    expect(readFileSync(join(work, 'f.txt'), 'utf8')).toBe('c9\n');
  });

  it('V9: edits that flip a file A -> B -> A: warn on the 4th, block on the 5th (content hashes)', async () => {
    const { call, verdicts, work } = world();
    await call('read', { path: 'f.txt' });
    const results = [];
    for (let index = 0; index < 5; index++) {
      const forward = index % 2 === 0;
      results.push(
        await call('edit', { path: 'f.txt', old_string: forward ? 'A' : 'B', new_string: forward ? 'B' : 'A' }),
      );
    }
    expect(verdicts).toEqual(['ok', 'ok', 'ok', 'ok', 'warn', 'block']);
    expect(results[3]?.text).toMatch(
      /\n\nNote: the file has gone back to an earlier content 2 times; the changes are undoing each other\.$/,
    );
    expect(results[4]).toEqual({
      isError: true,
      code: 'cycle_blocked',
      text: 'Not run: the file has gone back to an earlier content 3 times; the changes are undoing each other.',
    });
    expect(readFileSync(join(work, 'f.txt'), 'utf8')).toBe('A\n');
  });

  it('V9 through write and exec: a file written back to an earlier content is a revisit, whoever changed it', async () => {
    const { call, verdicts } = world();
    await call('read', { path: 'f.txt' });
    await call('write', { path: 'f.txt', content: 'B\n' });
    await call('exec', { command: 'printf "A\\n" > f.txt' });
    await call('read', { path: 'f.txt' });
    await call('write', { path: 'f.txt', content: 'B\n' });
    await call('write', { path: './f.txt', content: 'A\n' });
    await call('write', { path: 'f.txt', content: 'B\n' });
    expect(verdicts).toEqual(['ok', 'ok', 'ok', 'ok', 'ok', 'ok', 'warn']);
  });

  it('V10: three failures with the same code on the same file escalate; with no human the run is to end', async () => {
    const { call } = world();
    await call('read', { path: 'f.txt' });
    const results = [];
    for (const old of ['x', 'y', 'z'])
      results.push(await call('edit', { path: 'f.txt', old_string: old, new_string: 'n' }));
    expect(results.map((result) => [result.code, result.escalated])).toEqual([
      ['edit_no_match', undefined],
      ['edit_no_match', undefined],
      ['edit_no_match', true],
    ]);
    expect(results[2]?.text).toMatch(
      /\n\nedit failed 3 times in a row with edit_no_match on the same target\. Stop and ask the user how to go on, or try a different approach\.$/,
    );
  });

  it('V10 with a human: the human is asked; approve lets the agent go on, deny stops it with the reason', async () => {
    const going = world({}, APPROVE);
    await going.call('read', { path: 'f.txt' });
    const results = [];
    for (const old of ['x', 'y', 'z']) {
      results.push(await going.call('edit', { path: 'f.txt', old_string: old, new_string: 'n' }));
    }
    expect(going.asked).toHaveLength(1);
    expect(going.asked[0]).toMatchObject({
      tool: 'edit',
      stage: 'cycle',
      rule: 'failures',
      question:
        'edit failed 3 times in a row with edit_no_match on the same target. Approve to let the agent go on, deny to stop it.',
    });
    expect(results[2]?.escalated).toBeUndefined();
    expect(results[2]?.text).toMatch(
      /\n\nedit failed 3 times in a row with edit_no_match on the same target\. The user was asked and lets you go on; change the approach rather than repeat it\.$/,
    );

    const stopping = world({}, () => ({ decision: 'deny', reason: 'enough for today' }));
    await stopping.call('read', { path: 'f.txt' });
    let last: ToolResult | undefined;
    for (const old of ['x', 'y', 'z']) {
      last = await stopping.call('edit', { path: 'f.txt', old_string: old, new_string: 'n' });
    }
    expect(last?.escalated).toBe(true);
    expect(last?.text).toMatch(/ The user was asked and stopped the work: enough for today\.$/);
  });

  it('V11: a sub-agent has its own detector: parent and delegate each warn at their own 3rd read', async () => {
    const { cell, call, verdicts } = world();
    const read = (id: string, path: string) => ({ text: '', toolCalls: [{ id, name: 'read', args: { path } }] });
    const child = scriptedClient([
      read('k1', 'a.txt'),
      read('k2', './a.txt'),
      read('k3', 'a.txt'),
      { text: 'done', toolCalls: [] },
    ]);
    cell.agents().asTool({ name: 'helper', description: 'Reads for the parent.', client: child, tools: ['read'] });
    await call('read', { path: 'a.txt' });
    await call('read', { path: 'a.txt' });
    expect(await call('helper', { task: 'read a.txt' })).toMatchObject({ isError: false, text: 'done' });
    await call('read', { path: 'a.txt' });
    await call('read', { path: 'a.txt' });
    await call('read', { path: 'a.txt' });
    expect(verdicts).toEqual(['ok', 'ok', 'ok', 'ok', 'ok', 'warn']);
    const seen = (request: ModelRequest | undefined) => {
      const last = request?.messages.at(-1);
      return last?.role === 'tool' ? last.content : undefined;
    };
    expect(seen(child.requests[1])).toBe('     1\talpha');
    expect(seen(child.requests[2])).toBe('     1\talpha');
    expect(seen(child.requests[3])).toBe(
      '     1\talpha\n\nNote: read was called with the same arguments 3 times in a row. If the result did not help, change the arguments or the approach.',
    );
  });

  it('V12: a new user message resets the counts -> ok ok warn warn ok', async () => {
    const { call, run, verdicts } = world();
    for (let index = 0; index < 4; index++) await call('read', { path: 'a.txt' });
    run.userTurn();
    await call('read', { path: './a.txt' });
    expect(verdicts).toEqual(['ok', 'ok', 'warn', 'warn', 'ok']);
  });

  it('V13: edits to two different files -> ok ok', async () => {
    const { call, verdicts } = world();
    await call('read', { path: 'f.txt' });
    await call('read', { path: 'g.txt' });
    await call('edit', { path: 'f.txt', old_string: 'A', new_string: 'B' });
    await call('edit', { path: 'g.txt', old_string: 'A', new_string: 'B' });
    expect(verdicts).toEqual(['ok', 'ok', 'ok', 'ok']);
  });

  it('V14: argument order does not matter, nor the spelling of the folder: S = 2, then a warning at 3', async () => {
    const { call, verdicts } = world();
    await call('grep', { pattern: 'alpha', path: '.' });
    await call('grep', { path: '.', pattern: 'alpha' });
    await call('grep', { path: './', pattern: 'alpha' });
    expect(verdicts).toEqual(['ok', 'ok', 'warn']);
  });

  it('a blocked call never asks the human first, and never runs', async () => {
    const { call, verdicts, asked, work } = world({}, APPROVE);
    for (let index = 0; index < 3; index++) await call('exec', { command: "eval 'echo 1 >> e.txt'" });
    expect(verdicts).toEqual(['ok', 'warn', 'block']);
    expect(asked).toHaveLength(2);
    expect(readFileSync(join(work, 'e.txt'), 'utf8')).toBe('1\n1\n');
  });

  it('the warning is shown on failing calls too', async () => {
    const { call } = world();
    await call('read', { path: 'missing.txt' });
    await call('read', { path: 'missing.txt' });
    const third = await call('read', { path: './missing.txt' });
    expect(third.isError).toBe(true);
    expect(third.code).not.toBe('cycle_blocked');
    expect(third.text).toBe(
      './missing.txt does not exist.\n\nNote: read was called with the same arguments 3 times in a row. If the result did not help, change the arguments or the approach.\n\nread failed 3 times in a row with file_not_found on the same target. Stop and ask the user how to go on, or try a different approach.',
    );
  });

  it('an action streak on one target: different writes of one file with nothing looked at warn, then block', async () => {
    const { call, verdicts, work } = world({ cycle: { actionStreak: { warnAt: 4, blockAt: 6 } } });
    await call('read', { path: 'f.txt' });
    for (let index = 1; index <= 6; index++) await call('write', { path: 'f.txt', content: `v${index}\n` });
    expect(verdicts).toEqual(['ok', 'ok', 'ok', 'ok', 'warn', 'warn', 'block']);
    expect(readFileSync(join(work, 'f.txt'), 'utf8')).toBe('v5\n');
  });

  it('thresholds per cell, checked when the cell is created', async () => {
    const { call, verdicts } = world({ cycle: { thresholds: { exploration: { warnAt: 2, blockAt: 3 } } } });
    for (let index = 0; index < 3; index++) await call('read', { path: 'a.txt' });
    expect(verdicts).toEqual(['ok', 'warn', 'block']);
    expect(() =>
      createEngine({ tools: builtins }).createCell({
        workDir: tmpdir(),
        cycle: { thresholds: { exploration: { warnAt: 6, blockAt: 5 } } },
      }),
    ).toThrow(
      'the cycle settings are not valid: cycle.thresholds.exploration.warnAt (6) is above cycle.thresholds.exploration.blockAt (5); a warning comes first',
    );
  });
});

describe('security: loops by spelling over HTTP', () => {
  it("a session's calls meet one detector: V1 and V3 by spelling through POST /tools/:name/call", async () => {
    const { work, cell } = world();
    const app = createApp(cell, { token: 'cycle-token' });
    const call = async (name: string, args: unknown) => {
      const response = await app.request(`/tools/${name}/call`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: 'Bearer cycle-token' },
        body: JSON.stringify({ args, sessionId: 'loop' }),
      });
      expect(response.status).toBe(200);
      return verdictOf((await response.json()) as { isError: boolean; code?: string; text: string });
    };
    const reads = [];
    for (const path of ['a.txt', './a.txt', 'sub/../a.txt', 'a.txt/', join(work, 'a.txt')]) {
      reads.push(await call('read', { path }));
    }
    expect(reads).toEqual(['ok', 'ok', 'warn', 'warn', 'block']);
    const touches = [];
    for (const command of ['touch t', 'touch\tt', "touch 't'"]) {
      touches.push(await call('exec', { command, description: `try ${touches.length}` }));
    }
    expect(touches).toEqual(['ok', 'warn', 'block']);
  });
});
