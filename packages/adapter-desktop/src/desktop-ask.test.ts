import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type ApprovalRequest, type Cell, createEngine, type HumanChannel } from '@wesgine/runtime';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { desktopAdapter } from './desktop-adapter.js';
import {
  clearLine,
  eventually,
  startXterm,
  startXvfb,
  type TestDisplay,
  type TestWindow,
  textOf,
} from './xvfb.test.fixture.js';

// Every desktop action (click, type, key) is `meta.askFirst`: a person approves it unless a Zone rule
// allows it by name. These tests type into a real xterm whose shell writes each line it reads to a
// file, so "nothing was typed" is checked by what the next line holds.

let x: TestDisplay;
let term: TestWindow;
let work: string;
let typed: string;
const cells: Cell[] = [];

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'desktop-ask-'));
  typed = join(work, 'typed.txt');
  x = await startXvfb();
  term = await startXterm(x, 'ask-term', typed);
});

beforeEach(() => clearLine(x, term));

afterAll(async () => {
  await Promise.all(cells.map((cell) => cell.stop()));
  await term?.stop();
  await x?.stop();
  rmSync(work, { recursive: true, force: true });
});

async function desktopCell(zone?: Readonly<Record<string, unknown>>): Promise<Cell> {
  const cell = createEngine({ adapters: [desktopAdapter] }).createCell({
    workDir: work,
    desktop: { display: x.display },
    ...(zone === undefined ? {} : { zone }),
  });
  cells.push(cell);
  await cell.ready();
  return cell;
}

/** Approves every call and keeps what it was asked. */
function approving(asked: ApprovalRequest[]): HumanChannel {
  return {
    ask: async (request) => {
      asked.push(request);
      return { decision: 'approve' };
    },
  };
}

/** The lines the xterm's shell wrote, after pressing Return once more (what was typed but not sent). */
async function linesAfterReturn(cell: Cell): Promise<string[]> {
  const before = textOf(typed).split('\n').length;
  const result = await cell.run({ human: approving([]) }).call('desktop.key', { keys: 'Return', window: term.id });
  expect(result.isError).toBe(false);
  const text = await eventually(
    () => textOf(typed),
    (now) => now.split('\n').length > before,
  );
  return text.split('\n').slice(0, -1);
}

describe('desktop actions ask a person first', () => {
  it('asks with no zone at all: approved, the text lands; denied, nothing is typed', async () => {
    const cell = await desktopCell();
    const queue = cell.approvals();
    const run = cell.run({ human: queue });
    const requests: ApprovalRequest[] = [];
    queue.onRequest((request) => requests.push(request));
    const approved = run.call('desktop.type', { text: 'approved text', window: term.id });
    await eventually(
      () => requests.length,
      (count) => count === 1,
    );
    const [request] = requests;
    expect(request).toMatchObject({
      tool: 'desktop.type',
      args: { text: 'approved text', window: term.id },
      question: 'desktop.type asks a person before every call unless a zone rule allows it by name',
    });
    queue.decide(request?.id as string, { decision: 'approve' });
    expect((await approved).text).toBe(`Typed 13 characters into window ${term.id} "ask-term".`);
    expect((await linesAfterReturn(cell)).at(-1)).toBe('approved text');

    const denied = run.call('desktop.type', { text: 'denied text', window: term.id });
    await eventually(
      () => requests.length,
      (count) => count === 2,
    );
    queue.decide(requests[1]?.id as string, { decision: 'deny', reason: 'not now' });
    const result = await denied;
    expect(result).toMatchObject({ isError: true, code: 'denied', text: 'The call was not approved: not now' });
    expect((await linesAfterReturn(cell)).at(-1)).toBe('');
  });

  it('refuses an action when no person is attached to the run, and presses nothing', async () => {
    const cell = await desktopCell();
    const result = await cell.run().call('desktop.key', { keys: 'x', window: term.id });
    expect(result.isError).toBe(true);
    expect(result.code).toBe('approval_required');
    expect(result.text).toBe(
      "This call needs a person's approval and no one is attached to this run to give it: desktop.key asks a person before every call unless a zone rule allows it by name",
    );
    expect((await linesAfterReturn(cell)).at(-1)).toBe('');
  });

  it('still asks when the zone allows actions only by its default', async () => {
    const cell = await desktopCell({ version: 1, zone: 'test/allow-all', defaults: { action: 'allow' } });
    const asked: ApprovalRequest[] = [];
    const result = await cell.run({ human: approving(asked) }).call('desktop.click', { x: 700, y: 700 });
    expect(result.isError).toBe(false);
    expect(asked.map((request) => request.tool)).toEqual(['desktop.click']);
  });

  it('goes without asking when a zone rule allows the tool by name, and a deny rule still denies', async () => {
    const cell = await desktopCell({
      version: 1,
      zone: 'test/desktop',
      defaults: { action: 'ask' },
      rules: [
        { id: 'typing', effect: 'allow', tools: ['desktop.type', 'desktop.key'] },
        { id: 'no-clicks', effect: 'deny', tools: ['desktop.click'], reason: 'clicks are not for agents here' },
      ],
    });
    const asked: ApprovalRequest[] = [];
    const run = cell.run({ human: approving(asked) });
    expect((await run.call('desktop.type', { text: 'by rule', window: term.id })).isError).toBe(false);
    const clicked = await run.call('desktop.click', { x: 10, y: 10 });
    expect(clicked).toMatchObject({
      isError: true,
      code: 'zone_denied',
      text: "Not allowed by zone 'test/desktop': clicks are not for agents here",
    });
    expect(asked).toEqual([]);
    expect((await linesAfterReturn(cell)).at(-1)).toBe('by rule');
  });

  it('never asks for looking: screenshots and the window list', async () => {
    const cell = await desktopCell();
    const asked: ApprovalRequest[] = [];
    const run = cell.run({ human: approving(asked) });
    expect((await run.call('desktop.windows', {})).isError).toBe(false);
    expect((await run.call('desktop.screenshot', {})).isError).toBe(false);
    expect(asked).toEqual([]);
  });
});
