import type { Context, Hono } from 'hono';
import { maySee, scopeOf } from './client-scope.js';
import { httpError } from './http-error.js';
import type { WaitingCall, WaitingCalls } from './waiting-calls.js';

/** The longest `GET /calls/:id?wait=` holds the request, in seconds. */
export const MAX_WAIT_SECONDS = 60;

/** What `POST /tools/:name/call` and `GET /calls/:id` answer, with 202, while a call has not ended. */
export type PendingCallBody =
  | {
      readonly status: 'waiting';
      readonly callId: string;
      readonly tool: string;
      readonly approval: {
        readonly id: string;
        readonly tool: string;
        readonly question: string;
        readonly answer: string;
      };
      readonly result: string;
    }
  | {
      readonly status: 'waiting';
      readonly callId: string;
      readonly tool: string;
      readonly question: {
        readonly id: string;
        readonly tool: string;
        readonly questions: readonly unknown[];
        readonly answer: string;
      };
      readonly result: string;
    }
  | { readonly status: 'running'; readonly callId: string; readonly tool: string; readonly result: string };

/** The body that says what a call waits on, where to answer it, and where its result will be. */
export function pendingCallBody(call: WaitingCall): PendingCallBody {
  const base = { callId: call.id, tool: call.tool };
  const result = `GET /calls/${call.id}`;
  const { waiting } = call;
  if (waiting === undefined) return { status: 'running', ...base, result };
  const { id, tool } = waiting.request;
  if (waiting.kind === 'approval') {
    const approval = { id, tool, question: waiting.request.question, answer: `POST /approvals/${id}` };
    return { status: 'waiting', ...base, approval, result };
  }
  const question = { id, tool, questions: waiting.request.questions, answer: `POST /questions/${id}` };
  return { status: 'waiting', ...base, question, result };
}

/** The 202 answer for a call that has not ended, with `Location` pointing at its result. */
export function pendingCallResponse(context: Context, call: WaitingCall): Response {
  return context.json(pendingCallBody(call), 202, { Location: `/calls/${call.id}` });
}

/**
 * `GET /calls/:id`: a call that waited for a person. 200 with its `ToolResult` (the body a call that
 * needs nobody answers at once) once it ended; 202 with what it waits on while it has not.
 * `?wait=<seconds>` (up to 60) holds the request until the call ends or waits on something new. A
 * client with an actor token sees its actor's calls only; another's id is unknown to it.
 */
export function addCallRoutes(app: Hono, calls: WaitingCalls): void {
  app.get('/calls/:id', async (context) => {
    const id = context.req.param('id');
    const scope = scopeOf(context);
    const unknown = () =>
      httpError(
        context,
        'unknown_call',
        `no call is known with id ${JSON.stringify(id)}: it never waited for a person, or it ended more than 10 minutes ago`,
      );
    const known = calls.get(id);
    if (known === undefined || !maySee(scope, known.actor)) return unknown();
    const wait = context.req.query('wait');
    const seconds = wait === undefined ? 0 : Number(wait);
    if (
      wait !== undefined &&
      (wait.trim() === '' || !Number.isFinite(seconds) || seconds < 0 || seconds > MAX_WAIT_SECONDS)
    ) {
      return httpError(
        context,
        'bad_request',
        `wait must be a number of seconds from 0 to ${MAX_WAIT_SECONDS}, not ${JSON.stringify(wait)}`,
      );
    }
    await calls.changed(id, seconds * 1000, context.req.raw.signal);
    const call = calls.get(id);
    if (call === undefined) return unknown();
    return call.result === undefined ? pendingCallResponse(context, call) : context.json(call.result);
  });
}
