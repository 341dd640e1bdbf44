// Loops: the scripted looping agent reads the same file five times (the repeat rule warns at 3 and 4 and
// blocks at 5), then fails three times on a missing file (the failure rule escalates to a person through
// the approval queue). The Loops view shows each verdict live, the CycleDetector's state, the escalation
// as an approval card, and the agent's final answer once the person has answered.
import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { poll, test } from './harness.js';

/** The scripted agent's last words once a person lets it go on (apps/playground's looping agent). */
const ANSWER = [
  'My helper read notes/todo.md until it was blocked for repeating itself,',
  'and notes/missing.md is not there: I tried it 3 times before a person was asked.',
  'Next time I would read each file once and look at the folder before guessing a name.',
].join(' ');

function verdicts(page: Page): Promise<string[]> {
  return page
    .getByTestId('cycle-verdicts')
    .getByTestId('cycle-verdict')
    .evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-action') ?? ''));
}

describe('loops', () => {
  test('the looping agent is warned, then blocked, then escalated to a person, and answers once let go on', async ({
    playground,
    ui,
  }) => {
    const { page } = ui;
    await ui.open('#/loops');
    await page.getByRole('button', { name: 'Run the looping agent' }).click();

    // Warned twice on the repeated read, then blocked on the fifth.
    await poll(async () => (await verdicts(page)).slice(0, 3)).toEqual(['warn', 'warn', 'block']);
    const rows = page.getByTestId('cycle-verdicts').getByTestId('cycle-verdict');
    expect(await rows.nth(0).textContent()).toContain('read');
    expect(await rows.nth(2).textContent()).toContain('repeat');
    await ui.step('warned and blocked');

    // The third not_found on notes/missing.md escalates: a person is asked, in this view.
    const card = page.getByTestId('approval');
    await poll(() => card.count()).toBe(1);
    await poll(async () => (await verdicts(page)).at(-1)).toBe('escalate');
    expect(await card.textContent()).toContain('failures');
    const pending = (
      await playground.api<{ stage: string; rule?: string; agentId?: string; runId: string }[]>('GET', '/approvals')
    ).body;
    expect(pending).toEqual([expect.objectContaining({ stage: 'cycle', rule: 'failures', agentId: 'looping_agent' })]);
    // The CycleDetector shown is the one that escalated (the agent's run, not its blocked helper's), as
    // GET /runs/:id/cycle has it: the same failure on the missing file, counted.
    const escalating = pending[0]?.runId ?? '';
    const snapshot = (
      await playground.api<{ failure?: { target: string; count: number } }>('GET', `/runs/${escalating}/cycle`)
    ).body;
    expect(snapshot.failure?.count).toBeGreaterThanOrEqual(2);
    expect(snapshot.failure?.target).toContain('notes/missing.md');
    await poll(async () => (await page.getByTestId('cycle-state').textContent()) ?? '').toContain('notes/missing.md');
    await ui.step('escalated');

    // Let it go on: the agent gives its answer.
    await card.getByRole('button', { name: 'Approve once' }).click();
    await poll(async () => ((await page.getByTestId('loop-result').textContent()) ?? '').trim()).toContain(ANSWER);
    await poll(() => page.getByTestId('approval').count()).toBe(0);
    await ui.step('final answer');
  });
});
