// Reads the two renderings of the description model back into one comparable shape: the plain text
// that `GET /tools/descriptions` serves and the Markdown reference of docs/tools.md. The agreement tests
// compare what each rendering says, not the model, so a renderer that adds or drops a phrase fails them.

/** What a rendering says about one tool. */
export interface ReadTool {
  readonly name: string;
  readonly aliases: readonly string[];
  /** `exploration (idempotent)`: the category with its traits. */
  readonly category: string;
  readonly limits: readonly string[];
  /** The description's non-blank lines, trimmed. */
  readonly description: readonly string[];
  readonly parameters: readonly ReadParameter[];
  readonly examples: readonly { readonly description?: string; readonly args: unknown }[];
}

export interface ReadParameter {
  readonly path: string;
  readonly type: string;
  readonly required: boolean;
  /** The author's description and the notes in parentheses, as the docs' description column holds them. */
  readonly text: string;
}

/** The tools of a plain-text catalogue, in its order (a sandbox note, if any, is skipped). */
export function readTextCatalogue(catalogue: string): ReadTool[] {
  return catalogue
    .split('\n\n')
    .filter((block) => block.startsWith('name: '))
    .map(readTextBlock);
}

function readTextBlock(block: string): ReadTool {
  const lines = block.replace(/\n$/, '').split('\n');
  const field = (key: string) => lines.find((line) => line.startsWith(`${key}: `))?.slice(key.length + 2);
  const start = lines.findIndex((line) => line.startsWith('description: '));
  const end = lines.findIndex((line) => line.startsWith('parameters'));
  const description = [lines[start]?.slice('description: '.length) ?? '', ...lines.slice(start + 1, end)].map((line) =>
    line.trim(),
  );
  const examplesAt = lines.indexOf('examples:');
  const parameterLines = lines.slice(end + 1, examplesAt === -1 ? undefined : examplesAt);
  const exampleLines = examplesAt === -1 ? [] : lines.slice(examplesAt + 1);
  return {
    name: field('name') ?? '',
    aliases: field('aliases')?.split(', ') ?? [],
    category: field('category') ?? '',
    limits: field('limits')?.split('; ') ?? [],
    description,
    parameters: readTextParameters(parameterLines),
    examples: exampleLines.map((line) => {
      const text = line.slice('  - '.length);
      const json = text.search(/[{[]/);
      const args = JSON.parse(text.slice(json)) as unknown;
      return json === 0 ? { args } : { description: text.slice(0, json).replace(/: $/, ''), args };
    }),
  };
}

function readTextParameters(lines: readonly string[]): ReadParameter[] {
  const parents: { path: string; array: boolean }[] = [];
  return lines.map((line) => {
    const match = /^( *)- (\S+) \((.*?)\)(?:: (.*))?$/.exec(line);
    if (match === null) throw new Error(`not a parameter line: ${line}`);
    const [, indent = '', name = '', summary = '', description = ''] = match;
    const level = indent.length / 2 - 1;
    const parent = parents[level - 1];
    const path = parent === undefined ? name : `${parent.path}${parent.array ? '[]' : ''}.${name}`;
    const parts = /^(.*?), (required|optional)(?:, (.*))?$/.exec(summary);
    if (parts === null) throw new Error(`no required or optional in: ${line}`);
    const [, type = '', required, notes] = parts;
    parents[level] = { path, array: type.startsWith('array of ') };
    parents.length = level + 1;
    return {
      path,
      type,
      required: required === 'required',
      text: [description, notes === undefined ? '' : `(${notes})`].filter((part) => part !== '').join(' '),
    };
  });
}

/** The tools of the generated reference of a docs page, in its order. */
export function readMarkdownReference(page: string): ReadTool[] {
  const generated = page.split('<!-- wesgine-tools:start -->')[1]?.split('<!-- wesgine-tools:end -->')[0] ?? '';
  return generated.split(/^## /m).slice(1).map(readMarkdownSection);
}

function readMarkdownSection(section: string): ReadTool {
  const lines = section.split('\n');
  const name = (lines[0] ?? '').replaceAll('`', '');
  const categoryAt = lines.findIndex((line) => line.startsWith('- category: '));
  const item = (key: string) => lines.find((line) => line.startsWith(`- ${key}: `))?.slice(key.length + 4);
  const parametersAt = lines.indexOf('### Parameters');
  const resultAt = lines.indexOf('### Result');
  const examplesAt = lines.indexOf('### Examples');
  const tableEnd = [resultAt, examplesAt, lines.length].filter((at) => at > parametersAt)[0];
  return {
    name,
    aliases: item('aliases')?.replaceAll('`', '').split(', ') ?? [],
    category: (item('category') ?? '').replaceAll('`', ''),
    limits: item('limits')?.split('; ') ?? [],
    description: lines
      .slice(1, categoryAt)
      .map((line) => line.trim())
      .filter((line) => line !== ''),
    parameters: lines
      .slice(parametersAt + 1, tableEnd)
      .filter((line) => line.startsWith('| `'))
      .map((line) => {
        const cells = line
          .slice(1, -1)
          .split(/(?<!\\)\|/)
          .map((cell) => cell.trim().replaceAll('\\|', '|'));
        const [path = '', type = '', required = '', text = ''] = cells;
        return { path: path.slice(1, -1), type, required: required === 'yes', text };
      }),
    examples: examplesAt === -1 ? [] : readMarkdownExamples(lines.slice(examplesAt + 1)),
  };
}

function readMarkdownExamples(lines: readonly string[]): { description?: string; args: unknown }[] {
  const examples: { description?: string; args: unknown }[] = [];
  let description: string | undefined;
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index] ?? '';
    if (line === '```json') {
      const close = lines.indexOf('```', index);
      const args = JSON.parse(lines.slice(index + 1, close).join('\n')) as unknown;
      examples.push(description === undefined ? { args } : { description, args });
      description = undefined;
      index = close;
    } else if (line.endsWith(':')) {
      description = line.slice(0, -1);
    }
  }
  return examples;
}
