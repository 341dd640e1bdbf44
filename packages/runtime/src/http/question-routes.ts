import type { Hono } from 'hono';
import type { ApprovalQueue } from '../approval/approval-queue.js';
import { httpError } from './http-error.js';
import { type JsonObject, type ReadBody, unknownKey } from './json-body.js';

/**
 * `GET /questions` (what tools such as `ask_user` are waiting to hear, oldest first) and
 * `POST /questions/:id` with `{ "answers": [["label"], ["own words"]] }`: one list per question.
 */
export function addQuestionRoutes(app: Hono, queue: ApprovalQueue, readBody: ReadBody): void {
  app.get('/questions', (context) => context.json(queue.pendingQuestions()));

  app.post('/questions/:id', async (context) => {
    const body = await readBody(context);
    if (!body.ok) return body.response;
    const answers = parseAnswers(body.value);
    if (typeof answers === 'string') return httpError(context, 'invalid_body', answers);
    const id = context.req.param('id');
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
