/** One top-level declaration of json-schema-to-typescript's output, with the comment above it. */
export interface Declaration {
  readonly name: string;
  readonly text: string;
}

const REFERENCED_BY = /^ \* This interface was referenced by /;
const STRING_LITERAL = /"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'/g;

/**
 * Splits unformatted json-schema-to-typescript output (`format: false`) into its top-level
 * declarations, indented by two spaces per level, without the "referenced by" notes it adds. A cheap
 * stand-in for prettier: brackets are counted outside string literals and comments.
 */
export function splitDeclarations(source: string): Declaration[] {
  const lines = dropReferenceNotes(source.replaceAll('\r\n', '\n').split('\n'));
  const declarations: Declaration[] = [];
  let current: string[] = [];
  let name: string | undefined;
  let depth = 0;
  let inComment = false;
  const flush = () => {
    if (name !== undefined) declarations.push({ name, text: current.join('\n') });
    current = [];
    name = undefined;
  };
  for (const raw of lines) {
    const line = raw.trim();
    if (line === '' && !inComment) continue;
    if (!inComment && depth === 0 && (line.startsWith('/**') || line.startsWith('export ')) && name !== undefined) {
      flush();
    }
    if (inComment || line.startsWith('/*')) {
      const closes = line.includes('*/');
      inComment = !closes;
      current.push(`${'  '.repeat(depth)}${line.startsWith('*') ? ` ${line}` : line}`);
      continue;
    }
    if (depth === 0 && name === undefined) name = /^export (?:interface|type) ([A-Za-z0-9_$]+)/.exec(line)?.[1];
    const code = line.replace(STRING_LITERAL, '""');
    const opens = (code.match(/[{[(]/g) ?? []).length;
    const closes = (code.match(/[}\])]/g) ?? []).length;
    // One level per line: `({` opens one level, `})` closes it (json-schema-to-typescript puts each on its own line).
    const leading = /^[}\])]/.test(code) ? 1 : 0;
    current.push(`${'  '.repeat(Math.max(0, depth - leading))}${line}`);
    depth = Math.max(0, depth + Math.sign(opens - closes));
  }
  flush();
  return declarations;
}

function dropReferenceNotes(lines: readonly string[]): string[] {
  const kept: string[] = [];
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index] ?? '';
    if (REFERENCED_BY.test(line)) {
      if (/^ \* via the /.test(lines[index + 1] ?? '')) index++;
      while (kept.at(-1) === ' *') kept.pop();
      continue;
    }
    kept.push(line);
  }
  const result: string[] = [];
  for (const line of kept) {
    if (line === ' */' && result.at(-1) === '/**') {
      result.pop();
      continue;
    }
    result.push(line);
  }
  return result;
}
