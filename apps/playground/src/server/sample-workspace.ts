import { existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/**
 * The files of the sample workspace, by path inside it. `notes/todo.md` is what the looping agent reads
 * again and again; `.env` holds a fake secret so the default zone's `no-secrets` rule has something to
 * refuse; `notes/missing.md` is left out on purpose (the looping agent's failing reads).
 */
export const SAMPLE_FILES: Readonly<Record<string, string>> = Object.freeze({
  'README.md': [
    '# Sample workspace',
    '',
    'The wesgine tools playground made this folder on its first start: it is the work folder of the',
    "playground's cell, so every path a tool names is judged against it. Edit what you like: a restart",
    'keeps your changes. Delete the folder to get the samples back on the next start.',
    '',
    '- `notes/todo.md`: a short list the looping agent reads again and again',
    '- `src/greet.ts`: a small source file to read, grep and edit',
    '- `.env`: a fake secret that the default zone keeps closed to every tool',
    '',
  ].join('\n'),
  'notes/todo.md': [
    '# To do',
    '',
    '- [ ] Read src/greet.ts and add a farewell',
    '- [ ] Try to read .env and watch the zone refuse it',
    '- [ ] Run the looping agent and approve its escalation',
    '',
  ].join('\n'),
  'src/greet.ts': [
    '/** Greets someone by name. */',
    'export function greet(name: string): string {',
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the sample file's own text, a template literal in it
    '  return `Hello, ${name}!`;',
    '}',
    '',
  ].join('\n'),
  '.env': [
    '# A fake secret: the default zone denies every tool this file (rule no-secrets).',
    'PLAYGROUND_API_KEY=sk-playground-not-a-real-key-0000',
    '',
  ].join('\n'),
});

/**
 * Makes the sample workspace at `folder` when it does not exist yet, and leaves an existing one exactly
 * as it is (a restart must lose none of the user's edits). The files are written into a sibling folder
 * first and moved into place whole, so a start that is cut short never leaves half a workspace that
 * the next start would take for the user's. Answers whether it made the folder.
 */
export function ensureSampleWorkspace(folder: string): boolean {
  if (existsSync(folder)) return false;
  mkdirSync(dirname(folder), { recursive: true });
  const draft = `${folder}.partial-${process.pid}`;
  rmSync(draft, { recursive: true, force: true });
  for (const [path, text] of Object.entries(SAMPLE_FILES)) {
    const file = join(draft, path);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, text);
  }
  try {
    renameSync(draft, folder);
  } catch (error) {
    rmSync(draft, { recursive: true, force: true });
    // Another start made it meanwhile: theirs stands.
    if (existsSync(folder)) return false;
    throw error;
  }
  return true;
}
