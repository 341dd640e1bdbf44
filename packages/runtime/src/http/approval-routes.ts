import type { Hono } from 'hono';
import type { ApprovalQueue } from '../approval/approval-queue.js';
import { parseDecision } from './approval-decision.js';
import { maySee, scopeOf } from './client-scope.js';
import { httpError } from './http-error.js';
import type { ReadBody } from './json-body.js';

/**
 * `GET /approvals` (the questions waiting, oldest first) and `POST /approvals/:id` (answer one). A client
 * with an actor token sees and answers its actor's only; another's id is unknown to it.
 */
export function addApprovalRoutes(app: Hono, queue: ApprovalQueue, readBody: ReadBody): void {
  app.get('/approvals', (context) => {
    const scope = scopeOf(context);
    return context.json(queue.pending().filter((request) => maySee(scope, request.actor)));
  });

  app.post('/approvals/:id', async (context) => {
    const body = await readBody(context);
    if (!body.ok) return body.response;
    const decision = parseDecision(body.value);
    if (!decision.ok) return httpError(context, 'invalid_body', decision.message);
    const id = context.req.param('id');
    const scope = scopeOf(context);
    const hidden = queue.pending().some((request) => request.id === id && !maySee(scope, request.actor));
    if (hidden || !queue.decide(id, decision.value)) {
      return httpError(
        context,
        'unknown_approval',
        `no question is waiting with id ${JSON.stringify(id)}: it was answered, timed out, or never asked`,
      );
    }
    return context.json({ id, decision: decision.value });
  });
}
