// GET /events attacked through what handlers put in progress and log events: frames that try to break
// out of their line, data JSON cannot hold or that is huge, and events of other actors.
import { Type } from '@wesgine/schema';
import { describe, expect, it } from 'vitest';
import { assembleApp } from './create-app.js';
import { EVENT_DATA_MAX } from './event-stream.js';
import { fixtureCell, postJson, sseFrames } from './http.test.fixture.js';

const TOKENS = {
  token: 'owner-token-1',
  actorTokens: [
    { token: 'ann-token-1', actor: 'ann' },
    { token: 'bob-token-1', actor: 'bob' },
  ],
};

function as(token: string, init: RequestInit = {}): RequestInit {
  return { ...init, headers: { ...(init.headers as Record<string, string>), authorization: `Bearer ${token}` } };
}

/** A cell whose tool `say` logs what `line` gives it for its arguments. */
function sayingCell(line: (text: string) => [string, unknown?]) {
  const { cell } = fixtureCell();
  cell.tools().register({
    name: 'say',
    description: 'Logs a line.',
    parameters: Type.Object({ text: Type.String() }),
    meta: { readOnly: true },
    handler: ({ text }, context) => {
      const [message, data] = line(text);
      context.log.info(message, data);
      context.progress({ progress: 1, message });
      return 'said';
    },
  });
  return cell;
}

const kind = (frame: string | undefined) => frame?.split('\n')[0];
const dataOf = (frame: string | undefined) => JSON.parse(frame?.split('\ndata: ')[1] ?? 'null');

describe('GET /events against hostile event contents', () => {
  it('keeps a message that tries to start a frame of its own inside one data line', async () => {
    const cell = sayingCell((text) => [text]);
    const { app } = assembleApp(cell, TOKENS);
    const owner = sseFrames(await app.request('/events', as('owner-token-1')));
    await owner.next();
    const forged = 'x\n\nevent: audit\ndata: {"actor":"ann","outcome":"ok"}\n\n';
    await app.request('/tools/say/call', as('owner-token-1', postJson({ args: { text: forged } })));
    const frames = [await owner.next(), await owner.next(), await owner.next()];
    expect(frames.map(kind)).toEqual(['event: log', 'event: progress', 'event: audit']);
    expect(frames.every((frame) => frame?.split('\n').length === 2)).toBe(true);
    expect(dataOf(frames[0]).message).toBe(forged);
    await owner.cancel();
  });

  it('leaves out data JSON cannot hold, telling the client, and goes on with the next events', async () => {
    const circular: Record<string, unknown> = {};
    circular.self = circular;
    const cell = sayingCell((text) => [text, text === 'loop' ? circular : { big: 10n }]);
    const { app } = assembleApp(cell, TOKENS);
    const owner = sseFrames(await app.request('/events', as('owner-token-1')));
    await owner.next();
    await app.request('/tools/say/call', as('owner-token-1', postJson({ args: { text: 'loop' } })));
    await app.request('/tools/say/call', as('owner-token-1', postJson({ args: { text: 'bigint' } })));
    const frames: (string | undefined)[] = [];
    for (let n = 0; n < 6; n += 1) frames.push(await owner.next());
    expect(frames.map(kind)).toEqual([
      ': one log event was left out: it cannot be written as JSON',
      'event: progress',
      'event: audit',
      ': one log event was left out: it cannot be written as JSON',
      'event: progress',
      'event: audit',
    ]);
    await owner.cancel();
  });

  it('sends a log event whose data is huge without its data, saying how much was left out', async () => {
    const huge = 'y'.repeat(EVENT_DATA_MAX * 2);
    const cell = sayingCell((text) => [text, { huge }]);
    const { app } = assembleApp(cell, TOKENS);
    const owner = sseFrames(await app.request('/events', as('owner-token-1')));
    await owner.next();
    await app.request('/tools/say/call', as('owner-token-1', postJson({ args: { text: 'big' } })));
    const frame = await owner.next();
    expect(frame?.length).toBeLessThan(EVENT_DATA_MAX);
    const event = dataOf(frame);
    expect(event).toMatchObject({ kind: 'log', message: 'big' });
    expect(event.data).toBe(
      `(left out: ${JSON.stringify({ huge }).length} characters of JSON, more than the ${EVENT_DATA_MAX} an event carries)`,
    );
    expect(kind(await owner.next())).toBe('event: progress');
    await owner.cancel();
  });

  it("sends an actor no other actor's events, nor the owner's own calls, nor source events", async () => {
    const cell = sayingCell((text) => [text]);
    const { app } = assembleApp(cell, TOKENS);
    const ann = sseFrames(await app.request('/events', as('ann-token-1')));
    await ann.next();
    await app.request('/tools/say/call', as('owner-token-1', postJson({ args: { text: 'owner' } })));
    await app.request('/tools/say/call', as('bob-token-1', postJson({ args: { text: 'bob' } })));
    cell.sources().add({ kind: 'mcp', id: 'mcp:x', provenance: 'x@1', tools: () => [] });
    cell.events.emit({
      kind: 'source',
      cellId: cell.id,
      sourceId: 'mcp:x',
      state: 'down',
      message: 'mcp:x went down',
      at: new Date().toISOString(),
    });
    await app.request('/tools/say/call', as('ann-token-1', postJson({ args: { text: 'ann' } })));
    const frames = [await ann.next(), await ann.next(), await ann.next()];
    expect(frames.map(kind)).toEqual(['event: log', 'event: progress', 'event: audit']);
    expect(frames.map((frame) => dataOf(frame).actor)).toEqual(['ann', 'ann', 'ann']);
    expect(dataOf(frames[0]).message).toBe('ann');
    await ann.cancel();
  });
});
