import { describe, expect, it } from 'vitest';
import { MAX_ARGUMENT_DEPTH, MAX_ARGUMENT_VALUES, readArguments } from './read-arguments.js';

function nested(levels: number): unknown {
  let value: unknown = 'bottom';
  for (let level = 0; level < levels; level++) value = { a: value };
  return value;
}

function issuesOf(value: unknown) {
  const result = readArguments(value);
  if (result.ok) throw new Error('expected the value to be refused');
  return result.issues;
}

const DEPTH_MESSAGE = `is nested more than ${MAX_ARGUMENT_DEPTH} levels deep; arguments may nest objects and arrays at most ${MAX_ARGUMENT_DEPTH} levels`;

describe('readArguments', () => {
  it('copies plain JSON data: equal, not the same objects, undefined members left out', () => {
    const args = { path: 'a', list: [1, 'b', null, { c: true }], skip: undefined };
    const result = readArguments(args);
    expect(result).toEqual({ ok: true, value: { path: 'a', list: [1, 'b', null, { c: true }] } });
    expect(result.ok && result.value).not.toBe(args);
    expect(result.ok && Object.keys(result.value as object)).toEqual(['path', 'list']);
  });

  it(`takes ${MAX_ARGUMENT_DEPTH} levels and refuses one more, at the pointer where the limit is passed`, () => {
    expect(readArguments(nested(MAX_ARGUMENT_DEPTH)).ok).toBe(true);
    expect(issuesOf(nested(MAX_ARGUMENT_DEPTH + 1))).toEqual([
      { path: `/${Array(MAX_ARGUMENT_DEPTH).fill('a').join('/')}`, message: DEPTH_MESSAGE, keyword: 'maxDepth' },
    ]);
  });

  it('refuses 5,000 and 100,000 levels of objects and of arrays without touching the stack', () => {
    for (const levels of [5_000, 100_000]) {
      expect(issuesOf(nested(levels))[0]?.keyword).toBe('maxDepth');
      let array: unknown = [];
      for (let level = 0; level < levels; level++) array = [array];
      expect(issuesOf(array)[0]).toEqual({
        path: `/${Array(MAX_ARGUMENT_DEPTH).fill('0').join('/')}`,
        message: DEPTH_MESSAGE,
        keyword: 'maxDepth',
      });
    }
  });

  it('names a value that contains itself', () => {
    const args: Record<string, unknown> = { path: 'a', inner: {} };
    (args.inner as Record<string, unknown>).back = args;
    expect(issuesOf(args)).toEqual([
      { path: '/inner/back', message: 'contains itself (the value at the root); JSON has no cycles', keyword: 'json' },
    ]);
    const list: unknown[] = [];
    list.push({ again: list });
    expect(issuesOf({ list })[0]?.message).toBe('contains itself (the value at /list); JSON has no cycles');
  });

  it('keeps a value shared by two members (it is not a cycle)', () => {
    const shared = { x: 1 };
    expect(readArguments({ a: shared, b: shared })).toEqual({ ok: true, value: { a: { x: 1 }, b: { x: 1 } } });
  });

  it('refuses what JSON cannot carry, each with its pointer', () => {
    expect(issuesOf({ n: 10n })).toEqual([
      {
        path: '/n',
        message: 'is a bigint, which JSON cannot carry; send it as a number or a string of digits',
        keyword: 'json',
      },
    ]);
    expect(issuesOf({ f: () => 1 })[0]?.message).toBe(
      'is a function, not a JSON value (objects, arrays, strings, numbers, booleans and null)',
    );
    expect(issuesOf({ s: Symbol('x') })[0]?.message).toMatch(/^is a symbol, not a JSON value/);
    expect(issuesOf({ when: new Date(0) })[0]).toEqual({
      path: '/when',
      message: 'is a Date object, not plain JSON data (objects, arrays, strings, numbers, booleans and null)',
      keyword: 'json',
    });
    expect(issuesOf({ m: new Map() })[0]?.message).toMatch(/^is a Map object, not plain JSON data/);
    expect(issuesOf({ list: [1, undefined] })[0]).toMatchObject({
      path: '/list/1',
      message: expect.stringMatching(/^is undefined; an array item must be a JSON value/),
    });
    // biome-ignore lint/suspicious/noSparseArray: the hole is the point
    expect(issuesOf({ list: [1, , 3] })[0]).toMatchObject({
      path: '/list',
      message: expect.stringMatching(/^has a hole at index 1;/),
    });
  });

  it('refuses a "__proto__" key (as JSON.parse makes it), so no copy of the arguments changes a prototype', () => {
    const parsed = JSON.parse('{"path":"a","nested":{"__proto__":{"polluted":true}}}');
    expect(issuesOf(parsed)).toEqual([
      {
        path: '/nested',
        message: 'has the key "__proto__", which is not allowed in arguments (it names an object\'s prototype)',
        keyword: 'json',
      },
    ]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('reads a getter once, and reports one that throws at its own pointer', () => {
    let reads = 0;
    const counted = {
      get path() {
        reads++;
        return reads === 1 ? 'safe.txt' : '../../etc/passwd';
      },
    };
    const result = readArguments(counted);
    expect(result).toEqual({ ok: true, value: { path: 'safe.txt' } });
    expect(reads).toBe(1);
    const throwing = {
      inner: {
        get path(): string {
          throw new Error('boom');
        },
      },
    };
    expect(issuesOf(throwing)).toEqual([{ path: '/inner/path', message: 'could not be read: boom', keyword: 'json' }]);
  });

  it('reports a Proxy whose traps throw, and copies a well-behaved Proxy as plain data', () => {
    const hostile = new Proxy(
      {},
      {
        ownKeys() {
          throw new TypeError('no keys for you');
        },
      },
    );
    expect(issuesOf({ a: hostile })).toEqual([
      { path: '/a', message: 'could not be read: no keys for you', keyword: 'json' },
    ]);
    const revocable = Proxy.revocable({}, {});
    revocable.revoke();
    expect(issuesOf({ a: revocable.proxy })[0]?.message).toMatch(/^could not be read: /);
    const polite = new Proxy({ path: 'a' }, {});
    const result = readArguments(polite);
    expect(result).toEqual({ ok: true, value: { path: 'a' } });
    expect(result.ok && result.value).not.toBe(polite);
  });

  it('bounds the number of values: a huge array is refused before it is walked', () => {
    const huge = new Array(MAX_ARGUMENT_VALUES + 1).fill(0);
    expect(issuesOf({ huge })).toEqual([
      {
        path: '/huge',
        message: `is an array of ${MAX_ARGUMENT_VALUES + 1} items; arguments may hold at most 1000000 values in all`,
        keyword: 'maxValues',
      },
    ]);
    const sparse: unknown[] = [];
    sparse.length = 2 ** 32 - 1;
    expect(issuesOf({ sparse })[0]?.keyword).toBe('maxValues');
  });

  it('bounds the values of a wide tree (many members sharing one big array)', () => {
    const big = new Array(400_000).fill(1);
    expect(issuesOf({ a: big, b: big, c: big })).toEqual([
      { path: '', message: 'arguments may hold at most 1000000 values in all', keyword: 'maxValues' },
    ]);
  });

  it('leaves absent arguments and a primitive at the root to the schema', () => {
    expect(readArguments(undefined)).toEqual({ ok: true, value: undefined });
    expect(readArguments('text')).toEqual({ ok: true, value: 'text' });
  });

  it('copies nested arrays and objects in order', () => {
    const args = {
      edits: [
        { old_string: 'a', new_string: 'b' },
        { old_string: 'c', new_string: 'd' },
      ],
      n: [1, [2, [3]]],
    };
    const result = readArguments(args);
    expect(result).toEqual({ ok: true, value: args });
    expect(result.ok && (result.value as typeof args).edits[0]).not.toBe(args.edits[0]);
  });

  it('reads each getter once also beside nested values, and never copies an inherited key', () => {
    let reads = 0;
    const args = {
      nested: { a: [1] },
      get path() {
        reads++;
        return 'a.txt';
      },
    };
    expect(readArguments(args)).toEqual({ ok: true, value: { nested: { a: [1] }, path: 'a.txt' } });
    expect(reads).toBe(1);
    const prototype = Object.prototype as Record<string, unknown>;
    prototype.polluted = 'yes';
    try {
      const result = readArguments({ a: 1, b: { c: 2 } });
      expect(result.ok && Object.keys(result.value as object)).toEqual(['a', 'b']);
      expect(result.ok && Object.hasOwn((result.value as { b: object }).b, 'polluted')).toBe(false);
    } finally {
      delete prototype.polluted;
    }
  });

  it('escapes "~" and "/" in the pointers it reports', () => {
    expect(issuesOf({ 'a/b~c': 1n })[0]?.path).toBe('/a~1b~0c');
  });
});
