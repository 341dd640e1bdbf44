import { describe, expect, it } from 'vitest';
import { canonicalJson } from './canonical-json.js';
import { DEFAULT_CYCLE_CONFIG } from './cycle-config.js';
import { type CycleCall, CycleDetector, type CycleOutcome, callKey } from './cycle-detector.js';

// The test vectors of the governance spec, one test each, with a fresh detector.

const read = (path: string): CycleCall => ({ tool: 'read', args: { path }, category: 'exploration' });
const exec = (args: Record<string, unknown>, category: 'exploration' | 'action' = 'action'): CycleCall => ({
  tool: 'exec',
  args,
  category,
  displayOnly: ['description'],
});
const edit = (path: string, oldString: string, newString: string): CycleCall => ({
  tool: 'edit',
  args: { path, edits: [{ old_string: oldString, new_string: newString }] },
  category: 'action',
  progressAware: true,
  targets: [`/work/${path}`],
});
const write = (path: string, content: string): CycleCall => ({
  tool: 'write',
  args: { path, content },
  category: 'action',
  progressAware: true,
  targets: [`/work/${path}`],
});

function verdicts(calls: readonly CycleCall[], detector = new CycleDetector()): string[] {
  return calls.map((call) => detector.before(call).action);
}

describe('CycleDetector (spec vectors)', () => {
  it('V1: read(a) x5 -> ok ok warn warn block', () => {
    expect(verdicts(Array(5).fill(read('a')))).toEqual(['ok', 'ok', 'warn', 'warn', 'block']);
  });

  it('V2: read(a), read(b) alternating: block on the 10th call', () => {
    const calls = Array.from({ length: 10 }, (_, index) => read(index % 2 === 0 ? 'a' : 'b'));
    expect(verdicts(calls)).toEqual([...Array(9).fill('ok'), 'block']);
  });

  it('V3: exec("npm test") x3 -> ok warn block', () => {
    expect(verdicts(Array(3).fill(exec({ command: 'npm test' })))).toEqual(['ok', 'warn', 'block']);
  });

  it('V4: a read-only listing is exploration -> ok ok warn warn block', () => {
    expect(verdicts(Array(5).fill(exec({ command: 'ls -la' }, 'exploration')))).toEqual([
      'ok',
      'ok',
      'warn',
      'warn',
      'block',
    ]);
  });

  it('V5: a display-only field does not change the key -> ok warn', () => {
    expect(
      verdicts([exec({ command: 'make', description: 'x' }), exec({ command: 'make', description: 'y' })]),
    ).toEqual(['ok', 'warn']);
  });

  it('V6: edit(f,e1) x2, then edit(f,e2) -> ok warn ok (the halving rule)', () => {
    expect(verdicts([edit('f', 'a', 'b'), edit('f', 'a', 'b'), edit('f', 'c', 'd')])).toEqual(['ok', 'warn', 'ok']);
  });

  it('V8: nine different writes to one file are all ok', () => {
    expect(verdicts(Array.from({ length: 9 }, (_, index) => write('f', `c${index + 1}`)))).toEqual(Array(9).fill('ok'));
  });

  it('V9: edits that flip a file A -> B -> A: warn on the 4th, block on the 5th', () => {
    const detector = new CycleDetector();
    const seen: string[] = [];
    const flips: [CycleCall, CycleOutcome][] = [];
    for (let index = 0; index < 5; index++) {
      const forward = index % 2 === 0;
      flips.push([
        edit('f', forward ? 'A' : 'B', forward ? 'B' : 'A'),
        { ok: true, contentBefore: forward ? 'hash-A' : 'hash-B', contentAfter: forward ? 'hash-B' : 'hash-A' },
      ]);
    }
    for (const [call, outcome] of flips) {
      const verdict = detector.before(call);
      seen.push(verdict.action);
      if (verdict.action !== 'block') detector.after(call, outcome);
    }
    expect(seen).toEqual(['ok', 'ok', 'ok', 'warn', 'block']);
  });

  it('V10: three failures with the same code on the same file escalate', () => {
    const detector = new CycleDetector();
    const results = ['x', 'y', 'z'].map((old) => {
      const call = edit('f', old, 'new');
      detector.before(call);
      return detector.after(call, { ok: false, errorCode: 'edit_no_match' });
    });
    expect(results.map((verdict) => verdict.action)).toEqual(['ok', 'ok', 'escalate']);
    expect(results[2]).toEqual({
      action: 'escalate',
      rule: 'failures',
      reason: 'edit failed 3 times in a row with edit_no_match on the same target.',
      message:
        'edit failed 3 times in a row with edit_no_match on the same target. Stop and ask the user how to go on, or try a different approach.',
      question:
        'edit failed 3 times in a row with edit_no_match on the same target. Approve to let the agent go on, deny to stop it.',
    });
  });

  it('V12: a new user message resets the counts -> ok ok warn warn ok', () => {
    const detector = new CycleDetector();
    const seen = verdicts(Array(4).fill(read('a')), detector);
    detector.reset();
    expect([...seen, detector.before(read('a')).action]).toEqual(['ok', 'ok', 'warn', 'warn', 'ok']);
  });

  it('V13: edits to two different files -> ok ok', () => {
    expect(verdicts([edit('f', 'a', 'b'), edit('g', 'a', 'b')])).toEqual(['ok', 'ok']);
  });

  it('V14: argument order does not matter: the same key, S = 2', () => {
    const first = { tool: 'grep', args: { pattern: 'x', path: '.' }, category: 'exploration' } as const;
    const second = { tool: 'grep', args: { path: '.', pattern: 'x' }, category: 'exploration' } as const;
    expect(callKey(first)).toBe(callKey(second));
    const detector = new CycleDetector({
      ...DEFAULT_CYCLE_CONFIG,
      thresholds: {
        exploration: { warnAt: 2, blockAt: 9, cycleRepetitions: 9 },
        action: { warnAt: 2, blockAt: 3, cycleRepetitions: 3 },
      },
    });
    expect(verdicts([first, second], detector)).toEqual(['ok', 'warn']);
  });
});

describe('CycleDetector messages and other rules', () => {
  it('says why it warns and blocks, in words the model can act on', () => {
    const detector = new CycleDetector();
    const results = Array.from({ length: 3 }, () => detector.before(exec({ command: 'npm test' })));
    expect(results[1]).toEqual({
      action: 'warn',
      rule: 'repeat',
      message:
        'Note: exec was called with the same arguments 2 times in a row. If the result did not help, change the arguments or the approach.',
    });
    expect(results[2]).toEqual({
      action: 'block',
      rule: 'repeat',
      message:
        'Not run: exec was called with the same arguments 3 times in a row. The result will not change; try another approach.',
    });
  });

  it('names the calls of a repeating cycle', () => {
    const detector = new CycleDetector();
    const calls = Array.from({ length: 10 }, (_, index) => read(index % 2 === 0 ? 'a' : 'b'));
    expect(calls.map((call) => detector.before(call)).at(-1)).toEqual({
      action: 'block',
      rule: 'cycle',
      message:
        'Not run: the same 2 calls (read -> read) have now repeated 5 times. This loop is not making progress; change the approach.',
    });
  });

  it('warns at 25 exploration calls in a row and blocks at 50; an action resets the streak', () => {
    const detector = new CycleDetector();
    const seen = Array.from({ length: 50 }, (_, index) => detector.before(read(`f${index}`)));
    expect(seen.findIndex((verdict) => verdict.action === 'warn')).toBe(24);
    expect(seen[49]).toMatchObject({ action: 'block', rule: 'exploration-streak' });
    expect(detector.before(write('x', '1')).action).toBe('ok');
    expect(detector.before(read('again')).action).toBe('ok');
  });

  it('warns at 10 different actions in a row on one target and blocks at 25; a look in between resets it', () => {
    const detector = new CycleDetector();
    const seen = Array.from({ length: 25 }, (_, index) => detector.before(write('f', `c${index}`)));
    expect(seen.findIndex((verdict) => verdict.action === 'warn')).toBe(9);
    expect(seen[9]).toEqual({
      action: 'warn',
      rule: 'action-streak',
      message:
        'Note: 10 actions in a row on the same target, without looking at the result in between. Check what they did (read, grep, a read-only command), or ask the user.',
    });
    expect(seen[23]).toMatchObject({ action: 'warn', rule: 'action-streak' });
    expect(seen[24]).toMatchObject({ action: 'block', rule: 'action-streak' });
    expect(detector.before(read('f')).action).toBe('ok');
    expect(detector.before(write('f', 'again')).action).toBe('ok');
    const spread = new CycleDetector();
    const files = Array.from({ length: 30 }, (_, index) => spread.before(write(`f${index}`, 'x')).action);
    expect(files).toEqual(Array(30).fill('ok'));
  });

  it('takes the content a target had after the last call as its content before the next', () => {
    const detector = new CycleDetector();
    const flip = edit('f', 'A', 'B');
    const after = (content: string) => {
      detector.before(flip);
      detector.after(flip, { ok: true, contentAfter: content });
    };
    after('hash-B');
    after('hash-A');
    after('hash-B');
    expect(detector.before(flip)).toMatchObject({ action: 'block', rule: 'repeat' });
    const other = new CycleDetector();
    other.before(flip);
    other.after(flip, { ok: true, contentBefore: 'hash-A', contentAfter: 'hash-B' });
    other.before(edit('f', 'B', 'A'));
    other.after(edit('f', 'B', 'A'), { ok: true, contentAfter: 'hash-A' });
    other.before(flip);
    other.after(flip, { ok: true, contentAfter: 'hash-B' });
    expect(other.before(edit('f', 'B', 'A'))).toEqual({
      action: 'warn',
      rule: 'revisit',
      message: 'Note: the file has gone back to an earlier content 2 times; the changes are undoing each other.',
    });
  });

  it('a success between failures starts the failure count again', () => {
    const detector = new CycleDetector();
    const call = edit('f', 'x', 'y');
    const outcomes: CycleOutcome[] = [
      { ok: false, errorCode: 'edit_no_match' },
      { ok: false, errorCode: 'edit_no_match' },
      { ok: true },
      { ok: false, errorCode: 'edit_no_match' },
    ];
    expect(outcomes.map((outcome) => detector.after(call, outcome).action)).toEqual(['ok', 'ok', 'ok', 'ok']);
  });
});

describe('canonicalJson', () => {
  it('sorts keys at every level and leaves out display-only top-level keys', () => {
    expect(canonicalJson({ b: 1, a: { d: [2, { z: 1, y: 0 }], c: undefined } })).toBe(
      '{"a":{"d":[2,{"y":0,"z":1}]},"b":1}',
    );
    expect(canonicalJson({ command: 'make', description: 'x' }, new Set(['description']))).toBe('{"command":"make"}');
  });
});
