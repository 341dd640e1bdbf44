import { defineTool, Path, Type } from '@wesgine/schema';

export default defineTool({
  name: 'grep',
  description:
    'Search file contents with a regular expression (ripgrep syntax). Honours .gitignore and skips .git folders and binary files. output_mode files_with_matches (the default) lists matching files, newest first; content shows the matching lines as path:line:text; count gives matches per file. Narrow with glob or type; page with head_limit and offset.',
  parameters: Type.Object({
    pattern: Type.String({ minLength: 1, maxLength: 4096, description: 'The regular expression to look for.' }),
    path: Type.Optional(Path({ access: 'read', description: 'A file or folder to search. Default: the work folder.' })),
    glob: Type.Optional(
      Type.String({ description: 'Only files whose path matches this glob, e.g. *.ts or src/**/*.tsx.' }),
    ),
    type: Type.Optional(Type.String({ description: 'Only files of this ripgrep type, e.g. js, py, rust, md.' })),
    output_mode: Type.Optional(
      Type.Union([Type.Literal('files_with_matches'), Type.Literal('content'), Type.Literal('count')], {
        description: 'What to return. Default files_with_matches.',
      }),
    ),
    '-A': Type.Optional(Type.Integer({ minimum: 0, maximum: 100, description: 'Lines after each match (content).' })),
    '-B': Type.Optional(Type.Integer({ minimum: 0, maximum: 100, description: 'Lines before each match (content).' })),
    '-C': Type.Optional(
      Type.Integer({ minimum: 0, maximum: 100, description: 'Lines before and after each match (content).' }),
    ),
    '-i': Type.Optional(Type.Boolean({ description: 'Ignore case. Default false.' })),
    '-n': Type.Optional(Type.Boolean({ description: 'Show line numbers (content). Default true.' })),
    multiline: Type.Optional(
      Type.Boolean({ description: 'Let the pattern span lines; . then matches newlines too. Default false.' }),
    ),
    head_limit: Type.Optional(
      Type.Integer({ minimum: 0, description: 'Return at most this many lines or files; 0 for all. Default 250.' }),
    ),
    offset: Type.Optional(Type.Integer({ minimum: 0, description: 'Skip this many lines or files first. Default 0.' })),
  }),
  meta: { readOnly: true, aliases: ['search_files'], timeoutMs: 35_000, outputBudget: 40_000 },
  examples: [
    { args: { pattern: 'TODO', glob: '*.ts' } },
    { args: { pattern: 'function\\s+main', output_mode: 'content', '-C': 2 } },
  ],
});
