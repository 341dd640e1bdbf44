// Representative tools for the dialect tests. Named `*.test.fixture.ts`: not a test, not shipped.
import { Type } from '@sinclair/typebox';
import { Command } from '../params/command.js';
import { Path } from '../params/path.js';
import { Url } from '../params/url.js';
import { type AnyToolDefinition, defineTool } from '../tool/define-tool.js';

/** Optional properties, a Path, a default, a boolean. */
export const readFile = defineTool({
  name: 'fs.read',
  description: 'Read a text file.',
  parameters: Type.Object({
    path: Path({ access: 'read', description: 'File to read.' }),
    offset: Type.Optional(Type.Integer({ minimum: 0, description: 'First line, 0-based.' })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 2000, default: 200 })),
  }),
  result: Type.String(),
  meta: { readOnly: true },
});

/** Arrays of objects, a write Path, string length bounds. */
export const editFile = defineTool({
  name: 'edit',
  description: 'Replace text in a file.',
  parameters: Type.Object({
    path: Path({ access: 'write' }),
    edits: Type.Array(
      Type.Object({
        old: Type.String({ minLength: 1 }),
        new: Type.String(),
        all: Type.Optional(Type.Boolean()),
      }),
      { minItems: 1 },
    ),
  }),
  meta: { destructive: true, idempotent: false, progressAware: true },
});

/** Unions of literals (string, number), a Literal, patterns and formats, nested optional object. */
export const search = defineTool({
  name: 'web_search',
  description: 'Search the web.',
  parameters: Type.Object({
    query: Type.String({ minLength: 3, maxLength: 200, pattern: '^\\S' }),
    mode: Type.Union([Type.Literal('fast'), Type.Literal('deep')]),
    depth: Type.Union([Type.Literal(1), Type.Literal(2), Type.Literal(3)]),
    safe: Type.Literal(true),
    since: Type.Optional(Type.String({ format: 'date-time' })),
    site: Type.Optional(Url({ format: 'uri' })),
    filter: Type.Optional(
      Type.Object({
        language: Type.Optional(Type.String({ pattern: '^[a-z]{2}$' })),
        tags: Type.Array(Type.String(), { uniqueItems: true, maxItems: 5 }),
      }),
    ),
  }),
  result: Type.Array(Type.Object({ title: Type.String(), url: Type.String() })),
  meta: { readOnly: true, openWorld: true },
});

/** A Command, an optional free-form map (Type.Record), a nullable. */
export const runShell = defineTool({
  name: 'shell.run',
  description: 'Run a shell command.',
  parameters: Type.Object({
    command: Command({ description: 'The command line.' }),
    cwd: Type.Optional(Path({ access: 'read' })),
    env: Type.Optional(Type.Record(Type.String(), Type.String())),
    timeout: Type.Union([Type.Integer({ exclusiveMinimum: 0 }), Type.Null()]),
  }),
  meta: { openWorld: false },
});

const Node = Type.Recursive((This) => Type.Object({ name: Type.String(), children: Type.Optional(Type.Array(This)) }), {
  $id: 'TreeNode',
});
const Shapes = Type.Module({
  Point: Type.Object({ x: Type.Number(), y: Type.Number() }),
  Segment: Type.Object({ from: Type.Ref('Point'), to: Type.Ref('Point') }),
});

/** Type.Recursive and Type.Module refs. */
export const drawTree = defineTool({
  name: 'draw.tree',
  description: 'Draw a tree of labelled nodes.',
  parameters: Type.Object({
    root: Node,
    segment: Type.Optional(Shapes.Import('Segment')),
  }),
});

/** Type.Intersect, oneOf, a nullable optional, an optional literal and enum. */
export const intersected = defineTool({
  name: 'merge',
  description: 'Intersect, oneOf and a nullable optional.',
  parameters: Type.Object({
    both: Type.Intersect([Type.Object({ a: Type.String() }), Type.Object({ b: Type.Optional(Type.Number()) })]),
    either: Type.Unsafe<string | number>({ oneOf: [{ type: 'string' }, { type: 'number' }] }),
    note: Type.Optional(Type.Union([Type.String(), Type.Null()])),
    level: Type.Optional(Type.Literal('high')),
    flag: Type.Optional(Type.Unsafe<'a' | 'b'>({ type: 'string', enum: ['a', 'b'], deprecated: true })),
  }),
});

/** Constructs strict mode cannot take. */
export const notStrict = defineTool({
  name: 'loose',
  description: 'Things strict mode cannot take.',
  parameters: Type.Object({
    anything: Type.Any(),
    pair: Type.Tuple([Type.String(), Type.Number()]),
    notEmpty: Type.Not(Type.Literal('')),
    bag: Type.Object({}, { additionalProperties: true }),
  }),
});

/** Every sample, for tests that look at all of them. */
export const SAMPLE_TOOLS: readonly AnyToolDefinition[] = [readFile, editFile, search, runShell, drawTree];
