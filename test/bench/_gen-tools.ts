// The tool definitions of the 200-tool benchmark pack: five shapes that rotate, each with its own names.

const SHAPES = ['search', 'read', 'write', 'fetch', 'batch'] as const;

/** The name and `tools/<name>.tool.ts` source of benchmark tool `index`. */
export function benchToolSource(index: number): { name: string; source: string } {
  const shape = SHAPES[index % SHAPES.length] ?? 'search';
  const id = String(index).padStart(3, '0');
  const name = `bench.t${id}.${shape}`;
  const field = (base: string) => `${base}${id}`;
  const body: Record<(typeof SHAPES)[number], string> = {
    search: `
  parameters: Type.Object({
    ${field('query')}: Type.String({ minLength: 1, maxLength: 200, description: 'What to look for.' }),
    mode: Type.Union([Type.Literal('exact'), Type.Literal('prefix'), Type.Literal('fuzzy')]),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: ${50 + index} })),
  }),
  result: Type.Object({
    total: Type.Integer(),
    hits: Type.Array(Type.Object({ id: Type.String(), score: Type.Number(), tags: Type.Array(Type.String()) })),
  }),
  meta: { readOnly: true, strict: true },`,
    read: `
  parameters: Type.Object({
    path: Path({ access: 'read', description: 'The file to read.' }),
    ${field('offset')}: Type.Optional(Type.Integer({ minimum: 0 })),
    encoding: Type.Optional(Type.Union([Type.Literal('utf8'), Type.Literal('base64')])),
  }),
  result: Type.Object({ text: Type.String(), lines: Type.Integer({ minimum: 0 }) }),
  meta: { readOnly: true, outputBudget: ${1000 + index} },`,
    write: `
  parameters: Type.Object({
    path: Path({ access: 'write' }),
    ${field('content')}: Type.String(),
    edits: Type.Optional(
      Type.Array(Type.Object({ find: Type.String(), replace: Type.String(), all: Type.Optional(Type.Boolean()) }), { minItems: 1 }),
    ),
  }),
  meta: { progressAware: true, destructive: true, timeoutMs: ${5000 + index} },`,
    fetch: `
  parameters: Type.Object({
    url: Url({ description: 'The page.' }),
    ${field('headers')}: Type.Optional(Type.Record(Type.String(), Type.String())),
    method: Type.Union([Type.Literal('GET'), Type.Literal('POST')], { default: 'GET' }),
  }),
  meta: { openWorld: true },`,
    batch: `
  parameters: Type.Object({
    command: Command({ description: 'The shell command.' }),
    ${field('items')}: Type.Array(
      Type.Object({ key: Type.String(), value: Type.Union([Type.String(), Type.Number(), Type.Null()]) }),
    ),
    dryRun: Type.Boolean(),
    note: Type.Optional(Type.String({ pattern: '^[a-z ]*$' })),
  }),
  result: Type.Array(Type.Object({ key: Type.String(), ok: Type.Boolean() })),`,
  };
  const source = `import { Command, defineTool, Path, Type, Url } from '@wesgine/schema';

export default defineTool({
  name: '${name}',
  description: 'Benchmark tool ${id}: a ${shape} tool. Says what it does, what it returns and when to call it.',${body[shape]}
});
`;
  return { name, source };
}
