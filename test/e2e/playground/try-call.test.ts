// Try a call: the form generated from `read`'s JSON Schema, the raw JSON mode validated as you type by
// the toolkit's own validator, the result as the model reads it, the trace of the walk (including the
// refusals of a path outside the workspace and of a secret file), and a long call's live progress.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CatalogueEntry } from '@wesgine/runtime/http';
import { compileValidator } from '@wesgine/schema';
import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { poll, test } from './harness.js';

interface TraceRow {
  readonly step: string | null;
  readonly outcome: string | null;
  readonly text: string;
}

function traceRows(page: Page): Promise<TraceRow[]> {
  return page
    .getByTestId('call-trace')
    .getByTestId('trace-step')
    .evaluateAll((nodes) =>
      nodes.map((node) => ({
        step: node.getAttribute('data-step'),
        outcome: node.getAttribute('data-outcome'),
        text: node.textContent ?? '',
      })),
    );
}

const resultText = (page: Page) => page.getByTestId('call-result').getByTestId('result-text').textContent();
const resultCode = (page: Page) => page.getByTestId('call-result').getByTestId('result-code').textContent();

/** Switches the Try it tab to raw JSON and types `args` into it, replacing what was there. */
async function typeRaw(page: Page, args: string): Promise<void> {
  await page
    .getByRole('radio', { name: 'Raw JSON' })
    .or(page.getByRole('button', { name: 'Raw JSON' }))
    .first()
    .click();
  const box = page.getByRole('textbox', { name: 'Arguments (JSON)' });
  await box.fill('');
  await box.pressSequentially(args);
}

describe('try a call', () => {
  test('calls read through the form and shows the exact text the model reads, and the trace', async ({
    playground,
    ui,
  }) => {
    const { page } = ui;
    await ui.open('#/tools/read/try');
    const path = page.getByRole('tabpanel').getByRole('textbox', { name: /^path\b/ });
    await path.fill('README.md');
    await ui.step('form filled');
    await page.getByRole('button', { name: 'Call read', exact: true }).click();
    await poll(() => resultCode(page)).toBe('ok');
    // What the model reads: the API's answer to the same call, and the file's lines numbered.
    const api = await playground.api<{ text: string }>('POST', '/tools/read/call', {
      args: { path: 'README.md' },
      sessionId: 'e2e-read',
    });
    const shown = await resultText(page);
    expect(shown).toBe(api.body.text);
    const firstLine = readFileSync(join(playground.workspace, 'README.md'), 'utf8').split('\n')[0];
    expect(shown?.split('\n')[0]).toBe(`     1\t${firstLine}`);
    const trace = await traceRows(page);
    expect(trace.map((row) => row.step)).toEqual([
      'resolve',
      'validate',
      'govern',
      'cycle',
      'context',
      'handle',
      'shape',
      'record',
    ]);
    expect(trace.every((row) => row.outcome === 'pass')).toBe(true);
    // The govern step shows the real path judged.
    expect(trace.find((row) => row.step === 'govern')?.text).toContain(
      `path:${join(playground.workspace, 'README.md')}`,
    );
    for (const row of trace) expect(row.text, `step ${row.step} shows its time`).toMatch(/\d+(\.\d+)? ?ms/);
    await ui.step('read result and trace');
  });

  test('validates raw JSON as you type with the toolkit validator, and blocks the call until it is valid', async ({
    playground,
    ui,
  }) => {
    const { page } = ui;
    const read = (await playground.api<CatalogueEntry[]>('GET', '/catalogue')).body.find(
      (entry) => entry.name === 'read',
    );
    if (read === undefined) throw new Error('GET /catalogue has no read');
    const validator = compileValidator(read.schema.parameters as never);
    await ui.open('#/tools/read/try');
    const bad = { path: 5, limit: 'ten' };
    await typeRaw(page, JSON.stringify(bad));
    const issues = page.getByTestId('validation-issues');
    const expected = validator.errors(bad);
    expect(expected.length).toBeGreaterThan(0);
    for (const issue of expected) {
      await poll(() => issues.textContent()).toContain(issue.path);
      await poll(() => issues.textContent()).toContain(issue.message);
    }
    await ui.step('raw json issues');
    // Fixed by typing: the issues go, and the call goes through.
    await typeRaw(page, '{"path": "README.md", "limit": 1}');
    await poll(async () => (await issues.count()) === 0 || (await issues.textContent())?.trim() === '').toBe(true);
    await page.getByRole('button', { name: 'Call read', exact: true }).click();
    await poll(() => resultCode(page)).toBe('ok');
    const api = await playground.api<{ text: string }>('POST', '/tools/read/call', {
      args: { path: 'README.md', limit: 1 },
      sessionId: 'e2e-raw',
    });
    expect(await resultText(page)).toBe(api.body.text);
    await ui.step('raw json result');
  });

  test('shows the denial of a path outside the workspace: the Sandbox decided, the real path judged', async ({
    playground,
    ui,
  }) => {
    const { page } = ui;
    await ui.open('#/tools/read/try');
    await typeRaw(page, '{"path": "/etc/passwd"}');
    await page.getByRole('button', { name: 'Call read', exact: true }).click();
    await poll(() => resultCode(page)).toBe('path_not_allowed');
    expect(await resultText(page)).toBe(
      `Not allowed: /etc/passwd is outside the allowed folders (${playground.workspace}).`,
    );
    const trace = await traceRows(page);
    // A refusal by governance still meets the CycleDetector (a repeated refusal is a repeat), then the audit.
    expect(trace.map((row) => `${row.step}:${row.outcome}`)).toEqual([
      'resolve:pass',
      'validate:pass',
      'govern:refused',
      'cycle:pass',
      'record:pass',
    ]);
    const govern = trace.find((row) => row.step === 'govern')?.text ?? '';
    expect(govern).toContain('sandbox');
    expect(govern).toContain('path:/etc/passwd');
    expect(govern).toContain('path_not_allowed');
    await ui.step('outside denied');
  });

  test("shows a zone denial with the rule that decided: the workspace's .env", async ({ playground, ui }) => {
    const { page } = ui;
    await ui.open('#/tools/read/try');
    await typeRaw(page, '{"path": ".env"}');
    await page.getByRole('button', { name: 'Call read', exact: true }).click();
    await poll(() => resultCode(page)).toBe('zone_denied');
    expect(await resultText(page)).toBe(
      "Not allowed by zone 'wesgine/default': files that usually hold secrets are closed to agents",
    );
    const trace = await traceRows(page);
    expect(trace.map((row) => `${row.step}:${row.outcome}`)).toEqual([
      'resolve:pass',
      'validate:pass',
      'govern:refused',
      'cycle:pass',
      'record:pass',
    ]);
    const govern = trace.find((row) => row.step === 'govern');
    expect(govern?.text).toContain('zone');
    expect(govern?.text).toContain('no-secrets');
    expect(govern?.text).toContain(`path:${join(playground.workspace, '.env')}`);
    await ui.step('zone denied');
  });

  test("shows a long call's progress live, then its result", async ({ ui }) => {
    const { page } = ui;
    await ui.open('#/tools/slow_count/try');
    await typeRaw(page, '{"to": 8, "delayMs": 400}');
    await page.getByRole('button', { name: 'Call slow_count', exact: true }).click();
    const progress = page.getByRole('progressbar', { name: 'Progress' });
    await poll(() => progress.isVisible(), { timeout: 5000 }).toBe(true);
    // It moves while the call runs: two different values before the end, with the tool's message.
    const value = () =>
      progress.evaluate((node) => String((node as { value?: unknown }).value ?? node.getAttribute('aria-valuenow')));
    const first = await value();
    await poll(value, { timeout: 5000 }).not.toBe(first);
    await poll(() => page.getByText(/counted [1-7] of 8/).count()).toBeGreaterThan(0);
    await ui.step('progress');
    await poll(() => resultCode(page), { timeout: 10_000 }).toBe('ok');
    expect(await resultText(page)).toBe('counted to 8');
    await ui.step('slow count result');
  });
});
