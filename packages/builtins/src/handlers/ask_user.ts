import { ToolError, type ToolHandler } from '@wesgine/schema';
import type { AskUserArgs } from '../../generated/types.gen.js';

/**
 * Puts one to four questions to the run's human and waits for the answers. Without a human, it says so
 * at once: the model should then go on with its best judgement. An answer starts the run's cycle counts
 * again (the runtime does that when the human answers).
 */
export const askUser: ToolHandler<AskUserArgs> = async (args, context) => {
  for (const [index, question] of args.questions.entries()) {
    const labels = question.options.map((option) => option.label.trim().toLowerCase());
    const twice = labels.find((label, at) => labels.indexOf(label) !== at);
    if (twice !== undefined) {
      throw new ToolError(
        'invalid_arguments',
        `question ${index + 1} offers the answer '${twice}' twice; give each option a different label.`,
      );
    }
  }
  if (context.human === undefined) {
    throw new ToolError(
      'unavailable',
      'No person is attached to this run, so nobody can answer. Go on with your best judgement, and say in your answer what you assumed.',
    );
  }
  const answers = await context.human.ask(args.questions, context.signal);
  const text = answers
    .map((answer, index) => `${index + 1}. ${answer.question}\n   Answer: ${answer.answers.join('; ')}`)
    .join('\n');
  return { text: `The user answered:\n${text}`, data: answers };
};
