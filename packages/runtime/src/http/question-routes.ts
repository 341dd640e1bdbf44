import type { Hono } from 'hono';
import type { ApprovalQueue } from '../approval/approval-queue.js';
import { maySee, scopeOf } from './client-scope.js';
import { httpError } from './http-error.js';
import { type JsonObject, type ReadBody, unknownKey } from './json-body.js';

/**
 * `GET /questions` (what tools such as `ask_user` are waiting to hear, oldest first) and
 * `POST /questions/:id` with `{ "answers": [["label"], ["own words"]] }`: one list per question. A
 * client with an actor token sees and answers its actor's only.
 */
export function addQuestionRoutes(app: Hono, queue: ApprovalQueue, readBody: ReadBody): void {
  app.get('/questions', (context) => {
    const scope = scopeOf(context);
    return context.json(queue.pendingQuestions().filter((request) => maySee(scope, request.actor)));
  });

  app.post('/questions/:id', async (context) => {
    const body = await readBody(context);
    if (!body.ok) return body.response;
    const answers = parseAnswers(body.value);
    if (typeof answers === 'string') return httpError(context, 'invalid_body', answers);
    const id = context.req.param('id');
    const scope = scopeOf(context);
    if (queue.pendingQuestions().some((request) => request.id === id && !maySee(scope, request.actor))) {
      return httpError(
        context,
        'unknown_question',
        `no question is waiting with id ${JSON.stringify(id)}: it was answered, timed out, or never asked`,
      );
    }
    const problem = queue.answer(id, answers);
    if (problem === undefined) return context.json({ id, answers });
    const waiting = queue.pendingQuestions().some((request) => request.id === id);
    return httpError(context, waiting ? 'invalid_body' : 'unknown_question', problem);
  });
}

function parseAnswers(body: JsonObject): string[][] | string {
  const extra = unknownKey(body, ['answers']);
  if (extra !== undefined) return `unknown field '${extra}'; send only answers`;
  const { answers } = body;
  const valid =
    Array.isArray(answers) &&
    answers.every((list) => Array.isArray(list) && list.every((answer) => typeof answer === 'string'));
  if (!valid) return "'answers' must be a list with one list of strings per question";
  return answers as string[][];
}
