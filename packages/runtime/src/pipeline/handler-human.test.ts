import { mkdtempSync, realpathSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Type } from '@wesgine/schema';
import { describe, expect, it } from 'vitest';
import { ApprovalQueue } from '../approval/approval-queue.js';
import { createEngine } from '../engine/create-engine.js';

describe('context.human', () => {
  it('puts a tool’s questions to the run’s channel under the tool’s name, and is absent without one', async () => {
    const cell = createEngine().createCell({ workDir: realpathSync(mkdtempSync(join(tmpdir(), 'wesgine-human-'))) });
    cell.tools().register({
      name: 'pick_colour',
      description: 'Asks which colour.',
      parameters: Type.Object({}),
      handler: async (_args, context) => {
        if (context.human === undefined) return 'nobody to ask';
        const [answer] = await context.human.ask(
          [{ question: 'Which colour?', options: [{ label: 'red' }, { label: 'blue' }] }],
          context.signal,
        );
        return `picked ${answer?.answers.join(', ')}`;
      },
    });
    expect((await cell.run().call('pick_colour', {})).text).toBe('nobody to ask');
    const queue = new ApprovalQueue();
    queue.onQuestion((request) => {
      expect(request).toMatchObject({
        tool: 'pick_colour',
        sessionId: 's9',
        questions: [{ question: 'Which colour?' }],
      });
      queue.answer(request.id, [['blue']]);
    });
    expect((await cell.run({ human: queue, sessionId: 's9' }).call('pick_colour', {})).text).toBe('picked blue');
  });
});
