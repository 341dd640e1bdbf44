import { relative } from 'node:path';
import { check } from '../check.js';
import { formatProblem } from './format-problem.js';
import type { CliIo } from './io.js';

/** `wesgine-tools check`: exit 1 when any pack has a missing or stale file or a mismatched handler. */
export async function commandCheck(io: CliIo, packs: readonly string[]): Promise<number> {
  let failing = 0;
  for (const root of packs) {
    const report = await check(root);
    const where = relative(io.cwd, root) || '.';
    if (report.problems.length === 0) {
      io.out(`${report.pack}: generated files are current (${where})`);
      continue;
    }
    failing++;
    const prefix = where === '.' ? '' : `${where}/`;
    for (const problem of report.problems) io.err(`error: ${prefix}${formatProblem(problem)}`);
  }
  if (failing > 0) io.err(`${failing} pack${failing === 1 ? '' : 's'} out of date: run wesgine-tools gen`);
  return failing > 0 ? 1 : 0;
}
