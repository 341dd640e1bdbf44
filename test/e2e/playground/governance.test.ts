// Governance: the zone and the sandbox as the API reports them, a pending `exec` approved from the
// Governance view while the tool page waits (and runs it), another denied with a reason (the model reads
// the reason, nothing runs), and the audit stream live with its filter.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { GovernanceView } from '@wesgine/runtime/http';
import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { poll, test } from './harness.js';

const resultText = (page: Page) => page.getByTestId('call-result').getByTestId('result-text').textContent();
const resultCode = (page: Page) => page.getByTestId('call-result').getByTestId('result-code').textContent();

/** On the exec tool page: types the command as raw JSON and calls it. */
async function callExec(page: Page, command: string): Promise<void> {
  await page
    .getByRole('radio', { name: 'Raw JSON' })
    .or(page.getByRole('button', { name: 'Raw JSON' }))
    .first()
    .click();
  const box = page.getByRole('textbox', { name: 'Arguments (JSON)' });
  await box.fill(JSON.stringify({ command }));
  await page.getByRole('button', { name: 'Call exec', exact: true }).click();
}

describe('governance', () => {
  test('shows the active zone, its rules and whether the OS sandbox is on', async ({ playground, ui }) => {
    const { page } = ui;
    const view = (await playground.api<GovernanceView>('GET', '/governance')).body;
    await ui.open('#/governance');
    const rules = page.getByTestId('zone-rules').getByTestId('zone-rule');
    await poll(() => rules.count()).toBe(view.zone?.rules.length ?? -1);
    for (const rule of view.zone?.rules ?? []) {
      expect(await rules.filter({ hasText: rule.id }).count(), `a row for rule ${rule.id}`).toBeGreaterThan(0);
    }
    await poll(() => page.getByText('wesgine/default').first().isVisible()).toBe(true);
    const sandbox = (await page.getByTestId('sandbox-status').textContent()) ?? '';
    expect(sandbox).toMatch(new RegExp(`\\b${view.sandbox.mode}\\b`));
    expect(sandbox).not.toMatch(new RegExp(`\\b${view.sandbox.mode === 'on' ? 'off' : 'on'}\\b`));
    await ui.step('zone and sandbox');
  });

  test('approves a pending exec from the Governance view and the waiting call runs', async ({ playground, ui }) => {
    const { page } = ui;
    await ui.open('#/tools/exec/try');
    await callExec(page, 'touch made-by-exec.txt && echo made');
    const waiting = page.getByTestId('call-waiting');
    await poll(() => waiting.textContent()).toContain('Waiting for approval');
    const answerLink = waiting.getByRole('link', { name: 'Answer in Governance' });
    expect(await answerLink.getAttribute('href')).toMatch(/#\/governance$/);
    await ui.step('exec waiting');
    expect(existsSync(join(playground.workspace, 'made-by-exec.txt'))).toBe(false);

    // A second tab on Governance, as a person keeps both open.
    const governance = await ui.newTab('#/governance');
    const card = governance.getByTestId('approvals').getByTestId('approval').filter({ hasText: 'exec' });
    await poll(() => card.count()).toBe(1);
    expect(await card.textContent()).toContain('touch made-by-exec.txt');
    await ui.step('approval pending', governance);
    await card.getByRole('button', { name: 'Approve once' }).click();
    await poll(() => governance.getByTestId('approvals').getByTestId('approval').count()).toBe(0);

    await poll(() => resultCode(page), { timeout: 15_000 }).toBe('ok');
    expect(await resultText(page)).toMatch(/^Exit code: 0\nWall time: [\d.]+ seconds\nOutput:\nmade\n$/);
    expect(existsSync(join(playground.workspace, 'made-by-exec.txt'))).toBe(true);
    const trace = await page
      .getByTestId('call-trace')
      .getByTestId('trace-step')
      .evaluateAll((nodes) =>
        nodes.map((node) => `${node.getAttribute('data-step')}:${node.getAttribute('data-outcome')}`),
      );
    expect(trace).toContain('approval:approved');
    expect(trace.at(-1)).toBe('record:pass');
    await ui.step('exec ran');

    // The audit stream has it, live, and the filter narrows to it.
    const rows = governance.getByTestId('audit-stream').getByTestId('audit-row');
    await poll(() => rows.filter({ hasText: 'exec' }).count()).toBeGreaterThan(0);
    await governance.getByRole('searchbox', { name: 'Filter audit' }).fill('exec');
    await poll(() => rows.evaluateAll((nodes) => nodes.every((node) => node.textContent?.includes('exec')))).toBe(true);
    expect(await rows.filter({ hasText: 'exec' }).first().getAttribute('data-outcome')).toBe('ok');
    await ui.step('audit stream', governance);
  });

  test('denies a pending exec with a reason: the model reads it and nothing runs', async ({ playground, ui }) => {
    const { page } = ui;
    await ui.open('#/tools/exec/try');
    await callExec(page, 'touch denied-by-person.txt');
    await poll(() => page.getByTestId('call-waiting').textContent()).toContain('Waiting for approval');
    const governance = await ui.newTab('#/governance');
    const card = governance.getByTestId('approvals').getByTestId('approval').filter({ hasText: 'exec' });
    await poll(() => card.count()).toBe(1);
    await card.getByRole('textbox', { name: 'Reason' }).fill('not in this demo');
    await ui.step('deny with reason', governance);
    await card.getByRole('button', { name: 'Deny' }).click();
    await poll(() => resultCode(page), { timeout: 15_000 }).not.toBe('ok');
    await poll(() => resultCode(page)).toMatch(/\S/);
    expect(await resultText(page)).toContain('not in this demo');
    expect(existsSync(join(playground.workspace, 'denied-by-person.txt'))).toBe(false);
    const rows = governance.getByTestId('audit-stream').getByTestId('audit-row');
    await poll(() => rows.filter({ hasText: 'exec' }).first().getAttribute('data-stage')).toBe('approval');
    // The outcome filter: refusals only, the denial among them.
    await governance.getByRole('combobox', { name: 'Outcome' }).selectOption({ label: 'not ok' });
    await poll(() => rows.evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-outcome')))).not.toContain(
      'ok',
    );
    expect(await rows.filter({ hasText: 'exec' }).count()).toBe(1);
    await ui.step('denied', governance);
  });

  test('approves an exec for the session: the same call again in that session runs without asking', async ({
    playground,
    ui,
  }) => {
    const { page } = ui;
    await ui.open('#/tools/exec/try');
    const command = 'touch approved-for-session.txt && echo once more';
    await callExec(page, command);
    await poll(() => page.getByTestId('call-waiting').textContent()).toContain('Waiting for approval');
    const governance = await ui.newTab('#/governance');
    const card = governance.getByTestId('approvals').getByTestId('approval').filter({ hasText: 'exec' });
    await poll(() => card.count()).toBe(1);
    await card.getByRole('button', { name: 'Approve for the session' }).click();
    await poll(() => resultCode(page)).toBe('ok');
    expect(existsSync(join(playground.workspace, 'approved-for-session.txt'))).toBe(true);
    // Again, from the same page (the same session): no one is asked this time.
    await callExec(page, command);
    // Two exec calls ended ok in the audit stream, and nothing waited for anyone the second time.
    const rows = governance.getByTestId('audit-stream').getByTestId('audit-row').filter({ hasText: 'exec' });
    await poll(() =>
      rows.evaluateAll((nodes) => nodes.filter((node) => node.getAttribute('data-outcome') === 'ok').length),
    ).toBe(2);
    expect(await page.getByTestId('call-waiting').count()).toBe(0);
    expect(await resultCode(page)).toBe('ok');
    // Its trace says the approval came from earlier in the session, and that nobody was asked.
    const steps = page.getByTestId('call-trace').getByTestId('trace-step');
    const approval = steps.and(page.locator('[data-step="approval"]'));
    await poll(() => approval.count()).toBe(1);
    expect(await approval.getAttribute('data-outcome')).toBe('approved');
    expect(await approval.textContent()).toContain('approved earlier for the session');
    expect((await playground.api<unknown[]>('GET', '/approvals')).body).toEqual([]);
    await ui.step('approved for the session');
  });
});
