import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserCell, sessionOf, useSites } from './playwright.test.fixture.js';

const state = useSites();
const cell = browserCell({ playwright: { actionTimeoutMs: 300 } });
const run = cell.run();
let session = '';
beforeAll(async () => {
  session = sessionOf(await run.call('browser.open', { url: `${state.sites.site.origin}/form` }));
});
afterAll(() => cell.stop());

describe('browser tools: what the model is told when an action cannot happen', () => {
  it('a ref that is no ref, and one the page does not have', async () => {
    expect(await run.call('browser.click', { session, ref: 'button' })).toEqual({
      isError: true,
      code: 'invalid_arguments',
      text: '"button" is not a ref; give one as the snapshot shows it in [ref=…], such as e12.',
    });
    expect(await run.call('browser.click', { session, ref: 'e999' })).toEqual({
      isError: true,
      code: 'not_found',
      text: 'No element e999 is on the page now: the page changed since the snapshot that showed it, or no snapshot did. Take browser.snapshot and use a ref from it.',
    });
  });

  it('a disabled button times out saying why', async () => {
    expect(await run.call('browser.click', { session, ref: 'e10' })).toEqual({
      isError: true,
      code: 'timeout',
      text: 'Could not click button "Off" (e10) within 300 ms: it is disabled. Take browser.snapshot to see the page as it is now.',
    });
  });

  it('typing into what is no field, choosing in what is no list', async () => {
    expect(await run.call('browser.type', { session, ref: 'e2', text: 'x' })).toEqual({
      isError: true,
      code: 'invalid_arguments',
      text: 'heading "Sign up" (e2) is not a field you can type into; browser.type needs a textbox, searchbox or other editable element from the snapshot.',
    });
    expect(await run.call('browser.select', { session, ref: 'e8', values: ['a'] })).toEqual({
      isError: true,
      code: 'invalid_arguments',
      text: 'button "Send" (e8) is not a drop-down list; browser.select chooses options of a select element (a combobox or listbox in the snapshot). Use browser.click for other elements.',
    });
  });

  it('an option the list does not have, a disabled one, two for a single choice', async () => {
    expect(await run.call('browser.select', { session, ref: 'e7', values: ['Durian'] })).toEqual({
      isError: true,
      code: 'invalid_arguments',
      text: 'combobox "Fruit" (e7) has no option "Durian"; its options are "Apple", "Banana", "Cherry".',
    });
    // A call that works between the failures, so the CycleDetector sees no streak of the same failure.
    expect((await run.call('browser.snapshot', { session })).isError).toBe(false);
    expect(await run.call('browser.select', { session, ref: 'e7', values: ['Cherry'] })).toEqual({
      isError: true,
      code: 'invalid_arguments',
      text: 'The option "Cherry" of combobox "Fruit" (e7) is disabled.',
    });
    expect((await run.call('browser.snapshot', { session })).isError).toBe(false);
    expect(await run.call('browser.select', { session, ref: 'e7', values: ['a', 'b'] })).toEqual({
      isError: true,
      code: 'invalid_arguments',
      text: 'combobox "Fruit" (e7) takes one choice, and 2 values were given; give one.',
    });
    expect(await run.call('browser.select', { session, ref: 'e7', values: [] })).toMatchObject({
      isError: true,
      code: 'invalid_arguments',
    });
  });

  it('a wait for text that never comes times out', async () => {
    const slow = browserCell({ playwright: { timeoutMs: 1_000 } });
    const slowRun = slow.run();
    const id = sessionOf(await slowRun.call('browser.open', { url: `${state.sites.site.origin}/form` }));
    expect(await slowRun.call('browser.wait', { session: id, text: 'Never there' })).toEqual({
      isError: true,
      code: 'timeout',
      text: '"Never there" did not appear within 1 s. Take browser.snapshot to see the page as it is now.',
    });
    await slow.stop();
  });

  it('a screenshot of one element and of the whole page at once is refused', async () => {
    expect(await run.call('browser.screenshot', { session, ref: 'e8', full_page: true })).toEqual({
      isError: true,
      code: 'invalid_arguments',
      text: 'Give ref (one element) or full_page (the whole page), not both.',
    });
  });

  it('after all these, the page is where it was and still works', async () => {
    const typed = await run.call('browser.type', { session, ref: 'e5', text: 'still here' });
    expect(typed.isError).toBe(false);
    expect(typed.text).toContain(`URL: ${state.sites.site.origin}/form`);
  });
});
