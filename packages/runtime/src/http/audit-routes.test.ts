import { describe, expect, it } from 'vitest';
import type { AuditEvent } from '../pipeline/audit-event.js';
import { createApp } from './create-app.js';
import { fixtureCell, postJson } from './http.test.fixture.js';

const OWNER = { authorization: 'Bearer owner-token' };
const ANN = { authorization: 'Bearer ann-token' };

function app() {
  const { cell } = fixtureCell();
  const made = createApp(cell, { token: 'owner-token', actorTokens: [{ actor: 'ann', token: 'ann-token' }] });
  return { cell, app: made };
}

async function audit(made: ReturnType<typeof app>['app'], query: string, headers: Record<string, string>) {
  const response = await made.request(`/audit${query}`, { headers });
  return { status: response.status, body: (await response.json()) as unknown };
}

describe('GET /audit', () => {
  it('answers the latest events oldest first, and as many as the limit asks', async () => {
    const { cell, app: made } = app();
    for (const a of [1, 2, 3]) await made.request('/tools/add/call', postJson({ args: { a, b: 0 } }, OWNER));
    const all = await audit(made, '', OWNER);
    expect(all.status).toBe(200);
    const events = all.body as AuditEvent[];
    expect(events.map((event) => [event.tool, event.outcome])).toEqual([
      ['add', 'ok'],
      ['add', 'ok'],
      ['add', 'ok'],
    ]);
    expect(new Set(events.map((event) => event.callId)).size).toBe(3);
    const last = await audit(made, '?limit=2', OWNER);
    expect((last.body as AuditEvent[]).map((event) => event.callId)).toEqual(events.slice(1).map((e) => e.callId));
    await cell.stop();
  });

  it("shows an actor token its own actor's events only", async () => {
    const { cell, app: made } = app();
    await made.request('/tools/add/call', postJson({ args: { a: 1, b: 1 }, actor: 'bob' }, OWNER));
    await made.request('/tools/add/call', postJson({ args: { a: 2, b: 2 } }, ANN));
    const seen = (await audit(made, '', ANN)).body as AuditEvent[];
    expect(seen.map((event) => event.actor)).toEqual(['ann']);
    const owner = (await audit(made, '', OWNER)).body as AuditEvent[];
    expect(owner.map((event) => event.actor)).toEqual(['bob', 'ann']);
    await cell.stop();
  });

  it('refuses a limit that is not a whole number from 1 to 1000, and changes nothing', async () => {
    const { cell, app: made } = app();
    for (const bad of ['0', '1001', '-1', '2.5', 'ten', '', '1e2']) {
      const answer = await audit(made, `?limit=${encodeURIComponent(bad)}`, OWNER);
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({
        error: {
          code: 'bad_request',
          message: `limit must be a whole number from 1 to 1000 (how many of the latest events), not ${JSON.stringify(bad)}`,
        },
      });
    }
    expect((await audit(made, '?limit=1000', OWNER)).status).toBe(200);
    await cell.stop();
  });

  it('needs a token like every other route', async () => {
    const { cell, app: made } = app();
    expect((await made.request('/audit')).status).toBe(401);
    await cell.stop();
  });
});
