import { defineTool, describeTool, Path, Type } from '@wesgine/schema';
import { describe, expect, it } from 'vitest';
import { toolsMarkdown } from './docs-reference.js';

const Folder = Type.Recursive((This) => Type.Object({ name: Type.String(), children: Type.Array(This) }));

const grep = defineTool({
  name: 'grep',
  description: 'Search files. Honours .gitignore.\nSkips binary files.',
  parameters: Type.Object({
    pattern: Type.String({ minLength: 1, maxLength: 4096, description: 'The regular expression.' }),
    path: Type.Optional(Path({ access: 'read' })),
    mode: Type.Optional(Type.Union([Type.Literal('files'), Type.Literal('content')], { default: 'files' })),
    maybe: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  }),
  result: Type.Object({
    hits: Type.Array(Type.Object({ line: Type.Integer({ minimum: 1 }), root: Folder }), { maxItems: 1 }),
  }),
  meta: { readOnly: true, aliases: ['search_files'], idempotent: true, timeoutMs: 35_000, outputBudget: 40_000 },
  examples: [{ args: { pattern: 'TODO' } }, { description: 'Whole lines', args: { pattern: 'x', mode: 'content' } }],
});

const noop = defineTool({
  name: 'noop',
  description: 'Do nothing.',
  parameters: Type.Object({}),
  result: Type.Array(Type.String(), { minItems: 1 }),
});

describe('toolsMarkdown', () => {
  it('lays out the description model as an overview and a section per tool', () => {
    const page = toolsMarkdown([
      { description: describeTool(grep), file: 'tools/grep.tool.ts' },
      { description: describeTool(noop) },
    ]);
    expect(page).toBe(
      [
        '| tool   | category    | what it does  |',
        '| ------ | ----------- | ------------- |',
        '| `grep` | exploration | Search files. |',
        '| `noop` | action      | Do nothing.   |',
        '',
        '## `grep`',
        '',
        'Search files. Honours .gitignore.\nSkips binary files.',
        '',
        '- category: `exploration` (idempotent)',
        '- aliases: `search_files`',
        '- limits: times out after 35 seconds; output cut at 40,000 characters',
        '- defined in `tools/grep.tool.ts`',
        '',
        '### Parameters',
        '',
        '| name      | type                      | required | description                                             |',
        '| --------- | ------------------------- | -------- | ------------------------------------------------------- |',
        '| `pattern` | string                    | yes      | The regular expression. (between 1 and 4096 characters) |',
        '| `path`    | string                    | no       | (a path it reads)                                       |',
        '| `mode`    | one of "files", "content" | no       | (default "files")                                       |',
        '| `maybe`   | string \\| null            | no       |                                                         |',
        '',
        '### Result',
        '',
        '| name                   | type            | required | description                         |',
        '| ---------------------- | --------------- | -------- | ----------------------------------- |',
        '| `hits`                 | array of object | yes      | (at most 1 item)                    |',
        '| `hits[].line`          | integer         | yes      | (at least 1)                        |',
        '| `hits[].root`          | object          | yes      |                                     |',
        '| `hits[].root.name`     | string          | yes      |                                     |',
        '| `hits[].root.children` | array of object | yes      | (each item shaped like hits[].root) |',
        '',
        '### Examples',
        '',
        '```json',
        '{\n  "pattern": "TODO"\n}',
        '```',
        '',
        'Whole lines:',
        '',
        '```json',
        '{\n  "pattern": "x",\n  "mode": "content"\n}',
        '```',
        '',
        '## `noop`',
        '',
        'Do nothing.',
        '',
        '- category: `action`',
        '',
        '### Parameters',
        '',
        'None.',
        '',
        '### Result',
        '',
        'A value of type array of string (at least 1 item).',
        '',
      ].join('\n'),
    );
  });
});
