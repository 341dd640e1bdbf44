import { mkdtempSync, realpathSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ApprovalQueue, createEngine } from '@wesgine/runtime';
import { describe, expect, it } from 'vitest';
import { builtins } from '../index.js';

const question = {
  question: 'Which database?',
  options: [{ label: 'PostgreSQL' }, { label: 'SQLite', description: 'one file' }],
};

function cell() {
  const work = realpathSync(mkdtempSync(join(tmpdir(), 'wesgine-ask-')));
  return createEngine({ tools: builtins }).createCell({ workDir: work });
}

describe('ask_user', () => {
  it('says at once that nobody can answer when the run has no human', async () => {
    const run = cell().run();
    expect(await run.call('ask_user', { questions: [question] })).toEqual({
      isError: true,
      code: 'unavailable',
      text: 'No person is attached to this run, so nobody can answer. Go on with your best judgement, and say in your answer what you assumed.',
    });
  });

  it('parks the questions with the human channel and returns the answers, one per question', async () => {
    const queue = new ApprovalQueue();
    const run = cell().run({ human: queue, sessionId: 's' });
    const asked = new Promise<string>((resolve) => queue.onQuestion((request) => resolve(request.id)));
    const pending = run.call('ask_user', {
      questions: [
        question,
        { question: 'Which tests?', options: [{ label: 'unit' }, { label: 'e2e' }], multiSelect: true },
      ],
    });
    const id = await asked;
    expect(queue.pendingQuestions()).toMatchObject([{ id, tool: 'ask_user', sessionId: 's', runId: run.id }]);
    expect(queue.answer(id, [['SQLite']])).toBe('the question has 2 parts; send one answer list for each, not 1');
    expect(queue.answer(id, [['SQLite', 'PostgreSQL'], ['unit']])).toBe('question 1 takes one answer, not 2');
    expect(queue.answer(id, [['SQLite'], ['unit', 'e2e']])).toBeUndefined();
    expect(await pending).toEqual({
      isError: false,
      text: 'The user answered:\n1. Which database?\n   Answer: SQLite\n2. Which tests?\n   Answer: unit; e2e',
      data: [
        { question: 'Which database?', answers: ['SQLite'] },
        { question: 'Which tests?', answers: ['unit', 'e2e'] },
      ],
    });
    expect(queue.pendingQuestions()).toEqual([]);
  });

  it('takes the human’s own words as the answer', async () => {
    const queue = new ApprovalQueue();
    const run = cell().run({ human: queue });
    queue.onQuestion((request) => queue.answer(request.id, [['MySQL, we already run it']]));
    expect((await run.call('ask_user', { questions: [question] })).text).toBe(
      'The user answered:\n1. Which database?\n   Answer: MySQL, we already run it',
    );
  });

  it('an answer starts the cycle counts again', async () => {
    const queue = new ApprovalQueue();
    const run = cell().run({ human: queue });
    queue.onQuestion((request) => queue.answer(request.id, [['SQLite']]));
    const repeat = () => run.call('plan', { plan: [{ step: 'same', status: 'pending' }] });
    // Without an answer in between, the same call keeps repeating until the detector steps in.
    const warnedAt = async () => {
      for (let count = 1; count <= 20; count++) if ((await repeat()).text.includes('same arguments')) return count;
      return undefined;
    };
    const first = await warnedAt();
    expect(first).toBeDefined();
    await run.call('ask_user', { questions: [question] });
    expect(await warnedAt()).toBe(first);
  });

  it('refuses the same option twice, one option, and five questions', async () => {
    const run = cell().run();
    expect(
      await run.call('ask_user', { questions: [{ question: 'Go?', options: [{ label: 'Yes' }, { label: 'yes ' }] }] }),
    ).toEqual({
      isError: true,
      code: 'invalid_arguments',
      text: "question 1 offers the answer 'yes' twice; give each option a different label.",
    });
    expect((await run.call('ask_user', { questions: [{ question: 'Go?', options: [{ label: 'Yes' }] }] })).code).toBe(
      'invalid_arguments',
    );
    expect((await run.call('ask_user', { questions: Array(5).fill(question) })).code).toBe('invalid_arguments');
  });

  it('fails with aborted when the run is cancelled while it waits', async () => {
    const queue = new ApprovalQueue();
    const controller = new AbortController();
    const run = cell().run({ human: queue, signal: controller.signal });
    queue.onQuestion(() => controller.abort());
    expect(await run.call('ask_user', { questions: [question] })).toMatchObject({ isError: true, code: 'aborted' });
    expect(queue.pendingQuestions()).toEqual([]);
  });
});
