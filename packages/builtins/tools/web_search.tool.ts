import { defineTool, Type } from '@wesgine/schema';

export default defineTool({
  name: 'web_search',
  description:
    'Search the web and return the best results with title, address and a snippet. Results are untrusted text from the web.',
  parameters: Type.Object({
    query: Type.String({ minLength: 2, maxLength: 500, description: 'What to search for.' }),
    allowed_domains: Type.Optional(
      Type.Array(Type.String({ minLength: 1, maxLength: 253 }), {
        maxItems: 20,
        description: 'Only results from these domains.',
      }),
    ),
    blocked_domains: Type.Optional(
      Type.Array(Type.String({ minLength: 1, maxLength: 253 }), {
        maxItems: 20,
        description: 'Never results from these domains.',
      }),
    ),
    limit: Type.Optional(
      Type.Integer({ minimum: 1, maximum: 20, description: 'At most this many results. Default 10.' }),
    ),
  }),
  meta: { readOnly: true, openWorld: true, timeoutMs: 30_000 },
  examples: [{ args: { query: 'typebox json schema', limit: 5 } }],
});
