// Progress, log lines and a call's own signal, attacked with hostile values, late calls, listeners that
// throw or recurse, and long-lived signals that many calls share.
import { getEventListeners } from 'node:events';
import { mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { type ToolContext, type ToolProgress, Type } from '@wesgine/schema';
import { afterEach, describe, expect, it } from 'vitest';
import type { Cell } from '../engine/cell.js';
import type { CellEvent } from '../engine/cell-events.js';
import { createEngine } from '../engine/create-engine.js';
import { MAX_EVENT_MESSAGE } from './event-message.js';

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

function cell(): Cell {
  const workDir = realpathSync(mkdtempSync(join(tmpdir(), 'wesgine-call-events-attack-')));
  folders.push(workDir);
  return createEngine().createCell({ workDir });
}

/** A cell with a tool that runs `body` with its context. */
function withTool(body: (context: ToolContext) => unknown | Promise<unknown>) {
  const target = cell();
  const events: CellEvent[] = [];
  target.onEvent((event) => events.push(event));
  target.tools().register({
    name: 'act',
    description: 'Acts.',
    parameters: Type.Object({}),
    meta: { readOnly: true },
    handler: async (_args, context) => String((await body(context)) ?? 'done'),
  });
  return { target, events };
}

describe('hostile progress and log values', () => {
  it('drops non-finite, negative and non-number progress, and keeps a bad total or message out', async () => {
    const seen: ToolProgress[] = [];
    const { target, events } = withTool((context) => {
      for (const progress of [Number.NaN, Number.POSITIVE_INFINITY, -1, '5', null, 5n, undefined]) {
        context.progress({ progress } as never);
      }
      context.progress({ progress: 1, total: Number.NaN, message: 42 } as never);
      context.progress({ progress: 2, total: -3 } as never);
      context.progress(null as never);
      context.progress('half' as never);
      context.progress(
        new Proxy({} as ToolProgress, {
          get() {
            throw new Error('no');
          },
        }),
      );
      return 'done';
    });
    expect(await target.run().call('act', {}, { onProgress: (update) => seen.push(update) })).toEqual({
      isError: false,
      text: 'done',
    });
    expect(seen).toEqual([{ progress: 1 }, { progress: 2 }]);
    expect(
      events.filter((event) => event.kind === 'progress').map((event) => 'progress' in event && event.progress),
    ).toEqual([1, 2]);
  });

  it('cuts a huge progress message or log line to a size a listener and a client can take', async () => {
    const huge = 'x'.repeat(5_000_000);
    const logged: string[] = [];
    const { target, events } = withTool((context) => {
      context.progress({ progress: 1, message: huge });
      context.log.warn(huge);
    });
    await target.run().call('act', {}, { onLog: (_level, message) => logged.push(message) });
    const progress = events.find((event) => event.kind === 'progress') as { message: string };
    const log = events.find((event) => event.kind === 'log') as { message: string };
    const cut = `${'x'.repeat(MAX_EVENT_MESSAGE)}… (${5_000_000 - MAX_EVENT_MESSAGE} more characters)`;
    expect(progress.message).toBe(cut);
    expect(log.message).toBe(cut);
    expect(logged).toEqual([cut]);
  });

  it('passes circular and odd data to in-process listeners as it is, throwing nothing', async () => {
    const circular: Record<string, unknown> = { name: 'loop' };
    circular.self = circular;
    const odd = {
      toJSON() {
        throw new Error('no JSON');
      },
    };
    const { target, events } = withTool((context) => {
      context.log.info('circular', circular);
      context.log.info('odd', odd);
      context.log.info({ toString: () => 'made of an object' } as never);
      context.log.info({
        toString() {
          throw new Error('no text');
        },
      } as never);
    });
    expect(await target.run().call('act', {})).toEqual({ isError: false, text: 'done' });
    const logs = events.filter((event) => event.kind === 'log') as { message: string; data?: unknown }[];
    expect(logs.map(({ message }) => message)).toEqual([
      'circular',
      'odd',
      'made of an object',
      'a log message that cannot be read as text',
    ]);
    expect(logs[0]?.data).toBe(circular);
  });
});

describe('progress and logs after the call', () => {
  it('reach no one once the call has its result, a timeout or a cancellation', async () => {
    let kept: ToolContext | undefined;
    const heard: string[] = [];
    const { target, events } = withTool((context) => {
      kept = context;
    });
    await target.run().call(
      'act',
      {},
      {
        onProgress: () => heard.push('progress'),
        onLog: () => heard.push('log'),
      },
    );
    const before = events.length;
    kept?.progress({ progress: 1 });
    kept?.log.info('late');
    const { info } = kept?.log ?? { info: () => {} };
    info('late and detached');
    expect(heard).toEqual([]);
    expect(events.length).toBe(before);

    // Cancelled by its own signal, the handler still running: what it says after reaches no one.
    const late = cell();
    const lateEvents: CellEvent[] = [];
    late.onEvent((event) => lateEvents.push(event));
    let release: () => void = () => {};
    late.tools().register({
      name: 'slow',
      description: 'Slow.',
      parameters: Type.Object({}),
      meta: { readOnly: true },
      handler: async (_args, context) => {
        await new Promise<void>((resolve) => {
          release = resolve;
        });
        context.progress({ progress: 9 });
        context.log.error('after the end');
        return 'late';
      },
    });
    const controller = new AbortController();
    const pending = late.run().call('slow', {}, { signal: controller.signal, onProgress: () => heard.push('p2') });
    await new Promise((resolve) => setImmediate(resolve));
    controller.abort();
    expect(await pending).toMatchObject({ isError: true, code: 'aborted' });
    release();
    await new Promise((resolve) => setImmediate(resolve));
    expect(heard).toEqual([]);
    expect(lateEvents.filter((event) => event.kind !== 'source')).toEqual([]);
  });
});

describe('listeners that throw or recurse', () => {
  it('keep the call and the other listeners going', async () => {
    const heard: string[] = [];
    const { target } = withTool((context) => {
      context.progress({ progress: 1 });
      context.log.info('one');
      return 'done';
    });
    target.onEvent(() => {
      throw new Error('listener one');
    });
    target.onEvent((event) => heard.push(event.kind));
    const result = await target.run().call(
      'act',
      {},
      {
        onProgress: () => {
          throw {
            toString: () => {
              throw new Error('unprintable');
            },
          };
        },
        onLog: () => {
          throw new Error('onLog');
        },
      },
    );
    expect(result).toEqual({ isError: false, text: 'done' });
    expect(heard).toEqual(['progress', 'log']);
  });

  it('leave no rejection unhandled when they are async and reject', async () => {
    const unhandled: unknown[] = [];
    const hear = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', hear);
    try {
      const { target } = withTool((context) => {
        context.progress({ progress: 1 });
        context.log.info('one');
        return 'done';
      });
      const result = await target.run().call(
        'act',
        {},
        {
          onProgress: async () => {
            throw new Error('onProgress');
          },
          onLog: async () => {
            throw new Error('onLog');
          },
        },
      );
      expect(result).toEqual({ isError: false, text: 'done' });
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', hear);
    }
  });

  it("leave no rejection unhandled when the cell's own listeners are async and reject", async () => {
    const unhandled: unknown[] = [];
    const hear = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', hear);
    try {
      const { target } = withTool((context) => {
        context.progress({ progress: 1 });
        return 'done';
      });
      target.onEvent(async () => {
        throw new Error('onEvent');
      });
      target.onAudit(async () => {
        throw new Error('onAudit');
      });
      const result = await target.run().call('act', {});
      expect(result).toEqual({ isError: false, text: 'done' });
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', hear);
    }
  });

  it('survive a call listener that reports progress again from inside, without a flood', async () => {
    let context: ToolContext | undefined;
    let calls = 0;
    const { target, events } = withTool((given) => {
      context = given;
      given.progress({ progress: 1 });
    });
    await target.run().call(
      'act',
      {},
      {
        onProgress: () => {
          calls += 1;
          context?.progress({ progress: calls + 1 });
        },
      },
    );
    // An update made from inside a listener of the call's updates is dropped: it would tell itself again.
    expect(calls).toBe(1);
    expect(
      events.filter((event) => event.kind === 'progress').map((event) => 'progress' in event && event.progress),
    ).toEqual([1]);
  });

  it('survive a cell listener that adds listeners as it hears each event', async () => {
    const { target } = withTool((context) => {
      for (let n = 0; n < 5; n += 1) context.progress({ progress: n });
    });
    let added = 0;
    const adder = () => {
      added += 1;
      if (added < 10_000) target.onEvent(() => adder());
    };
    target.onEvent(adder);
    expect(await target.run().call('act', {})).toEqual({ isError: false, text: 'done' });
    // A listener added while an event is told hears the next event, not that one: 1, 2, 4, 8, 16.
    expect(added).toBe(31);
  });
});

describe("a call's own signal", () => {
  it('keeps no listener on a long-lived signal that many calls pass', async () => {
    const { target } = withTool(() => 'done');
    const run = target.run();
    const shared = new AbortController();
    for (let n = 0; n < 200; n += 1) await run.call('act', {}, { signal: shared.signal });
    expect(getEventListeners(shared.signal, 'abort')).toHaveLength(0);
  });

  it('cancels with the same code whatever the reason it aborts with', async () => {
    const hostile = {
      get message() {
        throw new Error('no message');
      },
    };
    for (const reason of ['a string', 42, hostile, new Error('plain'), undefined]) {
      const { target } = withTool(
        (context) => new Promise((resolve) => context.signal.addEventListener('abort', resolve)),
      );
      const controller = new AbortController();
      const pending = target.run().call('act', {}, { signal: controller.signal });
      await new Promise((resolve) => setImmediate(resolve));
      controller.abort(reason);
      expect(await pending).toEqual({ isError: true, code: 'aborted', text: 'act was cancelled' });
    }
  });

  it('answers options that throw when read with an error result, running nothing', async () => {
    let ran = false;
    const { target } = withTool(() => {
      ran = true;
    });
    const options = new Proxy(
      {},
      {
        get() {
          throw new Error('options that bite');
        },
      },
    );
    const result = await target.run().call('act', {}, options as never);
    expect(result).toMatchObject({ isError: true, code: 'invalid_arguments' });
    expect(result.text).toBe('the call options cannot be read: options that bite');
    expect(ran).toBe(false);
  });
});

describe('what a call keeps once it ended', () => {
  it("lets go of the caller's listeners even when a handler keeps its context", async () => {
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    const kept: ToolContext[] = [];
    const { target } = withTool((context) => {
      kept.push(context);
    });
    let held: WeakRef<object> | undefined;
    await (async () => {
      const big = { bytes: new Uint8Array(1024) };
      held = new WeakRef(big);
      await target.run().call('act', {}, { onProgress: () => void big.bytes.length, onLog: () => void big });
    })();
    for (let n = 0; n < 5 && held?.deref() !== undefined; n += 1) {
      await new Promise((resolve) => setImmediate(resolve));
      gc();
    }
    expect(kept).toHaveLength(1);
    expect(held?.deref()).toBeUndefined();
  });
});

describe('source events', () => {
  it('cut a huge message a source gives, as a log line is', () => {
    const target = cell();
    const messages: string[] = [];
    target.onEvent((event) => {
      if (event.kind === 'source') messages.push(event.message);
    });
    const at = new Date().toISOString();
    const huge = 'z'.repeat(MAX_EVENT_MESSAGE + 5);
    target.events.emit({ kind: 'source', cellId: target.id, sourceId: 'mcp:x', state: 'down', message: huge, at });
    expect(messages).toEqual([`${'z'.repeat(MAX_EVENT_MESSAGE)}… (5 more characters)`]);
  });
});
