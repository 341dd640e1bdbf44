// A client of a server under test: it holds the server's token, reads its /events stream from the
// start, and calls tools over POST /tools/<tool>/call, answering every approval a call parks (seen at
// GET /approvals) with the decision asked for, then reading the call's result at GET /calls/<id>. The security suites over HTTP share it.
import type { ApprovalRequest } from '@wesgine/runtime';
import { expect } from 'vitest';

export type Decision = 'approve' | 'deny';

export interface Answer {
  /** The status of the answer that carried the result: the POST's, or the last GET /calls/<id>'s. */
  readonly status: number;
  /** The body exactly as sent (a secret is looked for in it, not in a parsed copy). */
  readonly body: string;
  readonly result: { readonly isError: boolean; readonly code?: string; readonly text: string };
  /** The approvals the call parked, as GET /approvals showed them, each answered with the decision. */
  readonly asked: readonly ApprovalRequest[];
}

export interface Client {
  /** POST /tools/<tool>/call (in `sessionId` when given); every approval it parks gets `decision`. */
  call(tool: string, args: Record<string, unknown>, decision?: Decision, sessionId?: string): Promise<Answer>;
  exec(command: string, decision?: Decision, extra?: Record<string, unknown>): Promise<Answer>;
  /** Everything the /events stream has carried so far. */
  events(): string;
  close(): Promise<void>;
}

/** A client of the server at `url`; `token` '' for one without a token. */
export async function httpClient(url: string, token: string): Promise<Client> {
  const auth: Record<string, string> = token === '' ? {} : { authorization: `Bearer ${token}` };
  let events = '';
  const stopEvents = new AbortController();
  const stream = await fetch(`${url}/events`, { headers: auth, signal: stopEvents.signal });
  expect(stream.status).toBe(200);
  const reading = (async () => {
    const decoder = new TextDecoder();
    try {
      for await (const chunk of stream.body as AsyncIterable<Uint8Array>) events += decoder.decode(chunk);
    } catch {
      // aborted at the end
    }
  })();

  const post = (path: string, body: unknown) =>
    fetch(`${url}${path}`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  const get = (path: string) => fetch(`${url}${path}`, { headers: auth });

  // A call that needs a person answers 202 at once with the approval and where its result will be
  // (`result: 'GET /calls/<id>'`); the client answers what waits at GET /approvals, then fetches the
  // result, holding each fetch until the call ends or waits again (`?wait=`).
  const call = async (
    tool: string,
    args: Record<string, unknown>,
    decision: Decision = 'approve',
    sessionId?: string,
  ) => {
    let response = await post(`/tools/${tool}/call`, sessionId === undefined ? { args } : { args, sessionId });
    const asked: ApprovalRequest[] = [];
    while (response.status === 202) {
      const waiting = (await response.json()) as { callId: string; result: string; approval?: { id: string } };
      expect(waiting.result).toBe(`GET /calls/${waiting.callId}`);
      const pending = (await (await get('/approvals')).json()) as ApprovalRequest[];
      for (const request of pending) {
        asked.push(request);
        const decided = await post(
          `/approvals/${request.id}`,
          decision === 'approve' ? { decision } : { decision, reason: 'denied over HTTP' },
        );
        expect(decided.status).toBe(200);
      }
      response = await get(`/calls/${waiting.callId}?wait=30`);
    }
    const body = await response.text();
    return { status: response.status, body, result: JSON.parse(body), asked };
  };

  return {
    call,
    exec: (command, decision, extra = {}) => call('exec', { command, ...extra }, decision),
    events: () => events,
    close: async () => {
      stopEvents.abort();
      await reading;
    },
  };
}
