import { mkdtempSync, realpathSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createEngine } from '@wesgine/runtime';
import { describe, expect, it } from 'vitest';
import { builtins } from '../index.js';

const engine = createEngine({ tools: builtins });

/** A cell on a throwaway folder, and `plan`, which sends a plan in a fresh run of a session. */
function planCell() {
  const root = realpathSync(mkdtempSync(join(tmpdir(), 'wesgine-plan-')));
  const cell = engine.createCell({ workDir: root, dataDir: join(root, 'data') });
  const plan = (args: Record<string, unknown>, sessionId = 'session-1') => cell.run({ sessionId }).call('plan', args);
  return { cell, plan };
}

const steps = [
  { step: 'Find where the port is set', status: 'completed' },
  { step: 'Change it and run the tests', status: 'in_progress' },
  { step: 'Commit', status: 'pending' },
];

describe('plan', () => {
  it('stores the plan for the session and answers with a short rendering', async () => {
    const { cell, plan } = planCell();
    const result = await plan({ explanation: 'The port moved.', plan: steps });
    expect(result.isError).toBe(false);
    expect(result.text).toBe(
      [
        'Plan updated: 1 of 3 steps completed.',
        '[x] Find where the port is set',
        '[>] Change it and run the tests',
        '[ ] Commit',
      ].join('\n'),
    );
    const snapshot = cell.sessionSnapshot('session-1');
    expect(snapshot?.plan).toEqual({ explanation: 'The port moved.', steps, updatedAt: expect.any(String) });
    const { updatedAt } = (snapshot?.plan ?? {}) as { updatedAt: string };
    expect(new Date(updatedAt).toISOString()).toBe(updatedAt);
    expect(result.data).toEqual(snapshot?.plan);
  });

  it('replaces the whole plan each time, and says when it is all done', async () => {
    const { cell, plan } = planCell();
    await plan({ plan: steps });
    const done = await plan({ plan: [{ step: 'Everything', status: 'completed' }] });
    expect(done.text).toBe('Plan updated: all 1 step completed.\n[x] Everything');
    expect(cell.sessionSnapshot('session-1')?.plan).toEqual({
      steps: [{ step: 'Everything', status: 'completed' }],
      updatedAt: expect.any(String),
    });
  });

  it('says nothing changed when the same plan comes twice, and keeps its time', async () => {
    const { cell, plan } = planCell();
    await plan({ plan: steps });
    const first = cell.sessionSnapshot('session-1')?.plan;
    await new Promise((resolve) => setTimeout(resolve, 5));
    const again = await plan({ plan: steps });
    expect(again.isError).toBe(false);
    expect(again.text.split('\n')[0]).toBe('Plan unchanged: it already reads so (1 of 3 steps completed).');
    expect(cell.sessionSnapshot('session-1')?.plan).toEqual(first);
    // A new explanation is a change.
    expect((await plan({ plan: steps, explanation: 'why' })).text.split('\n')[0]).toBe(
      'Plan updated: 1 of 3 steps completed.',
    );
  });

  it('refuses two steps in progress, and keeps the plan it had', async () => {
    const { cell, plan } = planCell();
    await plan({ plan: steps });
    const before = cell.sessionSnapshot('session-1')?.plan;
    expect(
      await plan({
        plan: [
          { step: 'One', status: 'in_progress' },
          { step: 'Two', status: 'pending' },
          { step: 'Three', status: 'in_progress' },
        ],
      }),
    ).toEqual({
      isError: true,
      code: 'invalid_arguments',
      text: '2 steps are in_progress: 1 (One), 3 (Three). At most one step is in progress at a time: mark the others pending or completed, and send the plan again.',
    });
    expect(cell.sessionSnapshot('session-1')?.plan).toEqual(before);
  });

  it('refuses a blank step and more than 50 steps, storing nothing', async () => {
    const { cell, plan } = planCell();
    expect(
      await plan({
        plan: [
          { step: 'Fine', status: 'pending' },
          { step: ' \n\t', status: 'pending' },
        ],
      }),
    ).toEqual({
      isError: true,
      code: 'invalid_arguments',
      text: 'step 2 is blank; say in a few words what it is.',
    });
    const many = Array.from({ length: 51 }, (_, index) => ({ step: `Step ${index}`, status: 'pending' }));
    const tooMany = await plan({ plan: many });
    expect(tooMany).toEqual({
      isError: true,
      code: 'invalid_arguments',
      text: 'The arguments for `plan` are not valid (1 problem):\n- /plan: must have at most 50 items, got 51',
    });
    expect(cell.sessionSnapshot('session-1')?.plan).toBeUndefined();
    expect((await plan({ plan: many.slice(0, 50) })).text.split('\n')).toHaveLength(51);
  });

  it('keeps each step on one line', async () => {
    const { cell, plan } = planCell();
    const result = await plan({ plan: [{ step: '  Fix\nthe   build  ', status: 'in_progress' }], explanation: ' \n ' });
    expect(result.text).toBe('Plan updated: 0 of 1 step completed.\n[>] Fix the build');
    expect(cell.sessionSnapshot('session-1')?.plan).toEqual({
      steps: [{ step: 'Fix the build', status: 'in_progress' }],
      updatedAt: expect.any(String),
    });
  });

  it('clears the plan with an empty list', async () => {
    const { cell, plan } = planCell();
    expect((await plan({ plan: [] })).text).toBe('There was no plan to clear; nothing changed.');
    await plan({ plan: steps });
    expect((await plan({ plan: [] })).text).toBe('Plan cleared.');
    expect(cell.sessionSnapshot('session-1')?.plan).toBeUndefined();
  });

  it('keeps a separate plan for each session', async () => {
    const { cell, plan } = planCell();
    await plan({ plan: steps }, 'alpha');
    await plan({ plan: [{ step: 'Something else', status: 'pending' }] }, 'beta');
    expect((cell.sessionSnapshot('alpha')?.plan as { steps: unknown[] } | undefined)?.steps).toEqual(steps);
    expect((cell.sessionSnapshot('beta')?.plan as { steps: unknown[] } | undefined)?.steps).toEqual([
      { step: 'Something else', status: 'pending' },
    ]);
    await plan({ plan: [] }, 'beta');
    expect(cell.sessionSnapshot('beta')?.plan).toBeUndefined();
    expect(cell.sessionSnapshot('alpha')?.plan).toBeDefined();
  });

  it('refuses a status it does not know', async () => {
    const { plan } = planCell();
    const result = await plan({ plan: [{ step: 'x', status: 'blocked' }] });
    expect(result).toEqual({
      isError: true,
      code: 'invalid_arguments',
      text: 'The arguments for `plan` are not valid (1 problem):\n- /plan/0/status: must be "pending", "in_progress" or "completed", got "blocked" (a string)',
    });
  });
});
