import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { extname } from 'node:path';
import type { ErrorCode } from 'yaml';
import type { Report } from './check-fields.js';

/** The file extensions a policy file may have, in the order `extends` tries them. */
export const POLICY_EXTENSIONS = ['.yaml', '.yml', '.json'] as const;

// What the common YAML mistakes mean, in words for the person editing the file.
const YAML_MISTAKES: Partial<Record<ErrorCode, string>> = {
  BAD_INDENT: 'the indentation does not line up with the lines around it',
  BLOCK_AS_IMPLICIT_KEY: 'a mapping starts where only a plain value fits (is a line indented too far?)',
  DUPLICATE_KEY: 'the same key appears twice in one mapping',
  MISSING_CHAR: 'a closing bracket or quote is missing',
  MULTILINE_IMPLICIT_KEY: 'a key runs over more than one line',
  MULTIPLE_DOCS: 'the file holds more than one YAML document; a policy is exactly one',
  TAB_AS_INDENT: 'a tab is used for indentation; YAML indents with spaces',
  UNEXPECTED_TOKEN: 'something stands where the YAML grammar does not allow it',
};

/**
 * The parsed contents of a `.yaml`, `.yml` or `.json` policy file and its text, or `undefined` after
 * reporting why it cannot be read (with the line and column of each YAML syntax error).
 */
export function readPolicyFile(
  file: string,
  report: Report,
): { readonly value: unknown; readonly text: string } | undefined {
  const extension = extname(file).toLowerCase();
  if (!(POLICY_EXTENSIONS as readonly string[]).includes(extension)) {
    report('', 'a zone policy file must end in .yaml, .yml or .json');
    return undefined;
  }
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    report('', code === 'ENOENT' ? 'no such file' : `cannot be read (${code ?? (error as Error).message})`);
    return undefined;
  }
  const parsed = extension === '.json' ? parseJson(text, report) : parseYaml(text, report);
  return parsed === undefined ? undefined : { value: parsed.value, text };
}

// The YAML parser is loaded when the first YAML file is read, not when the runtime is imported: it is a
// tenth of the runtime's import time, and a host that passes its zone as an object never needs it.
// (`require` keeps reading a policy synchronous; the package's Node build is CommonJS either way.)
let yaml: typeof import('yaml') | undefined;

function parseYaml(text: string, report: Report): { readonly value: unknown } | undefined {
  yaml ??= createRequire(import.meta.url)('yaml') as typeof import('yaml');
  const document = yaml.parseDocument(text, { prettyErrors: true });
  if (document.errors.length === 0) return { value: document.toJS() };
  for (const error of document.errors) {
    const start = error.linePos?.[0];
    const where = start === undefined ? '' : `line ${start.line}, column ${start.col}`;
    report(where, `YAML syntax error: ${YAML_MISTAKES[error.code] ?? `the text is not valid YAML (${error.code})`}`);
  }
  return undefined;
}

function parseJson(text: string, report: Report): { readonly value: unknown } | undefined {
  try {
    return { value: JSON.parse(text) };
  } catch (error) {
    // V8 names the offset ("at position 12"); turn it into a line and column a person can find.
    const offset = /position (\d+)/.exec((error as Error).message)?.[1];
    if (offset === undefined) {
      report('', 'not valid JSON');
      return undefined;
    }
    const before = text.slice(0, Number(offset)).split('\n');
    report(`line ${before.length}, column ${(before.at(-1)?.length ?? 0) + 1}`, 'not valid JSON');
    return undefined;
  }
}
