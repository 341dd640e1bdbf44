import { defineTool, Type } from '@wesgine/schema';

export default defineTool({
  name: 'browser.wait',
  description:
    'Wait until a text appears on the page, until a text is gone, or for a number of seconds (at most 30), then return the page as a new snapshot.',
  parameters: Type.Object({
    session: Type.String({ maxLength: 64, description: 'The session id browser.open gave.' }),
    text: Type.Optional(Type.String({ minLength: 1, maxLength: 1_000, description: 'Wait until this text is shown.' })),
    text_gone: Type.Optional(
      Type.String({ minLength: 1, maxLength: 1_000, description: 'Wait until this text is no longer shown.' }),
    ),
    seconds: Type.Optional(Type.Number({ minimum: 0, maximum: 30, description: 'Wait this long (at most 30 s).' })),
  }),
  meta: { readOnly: true, timeoutMs: 60_000, outputBudget: 60_000 },
  examples: [{ args: { session: 's-3f9a1c07', text: 'Thank you' } }],
});
