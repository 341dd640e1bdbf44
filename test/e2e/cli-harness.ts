import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { main } from '@wesgine/codegen/cli';

export interface CliRun {
  readonly code: number;
  readonly out: string;
  readonly err: string;
}

/** Runs the CLI in this process with `cwd` as its folder; captures what it prints. */
export async function runCli(cwd: string, ...argv: string[]): Promise<CliRun> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(argv, { cwd, out: (line) => out.push(line), err: (line) => err.push(line) });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

export function tempDir(prefix: string): string {
  return mkdtempSync(join(tmpdir(), `wesgine-${prefix}-`));
}
