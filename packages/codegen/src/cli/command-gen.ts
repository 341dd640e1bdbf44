import { relative } from 'node:path';
import { CodegenError } from '../errors.js';
import { type GenerateReport, generate } from '../generate.js';
import { printProblems } from './format-problem.js';
import type { CliIo } from './io.js';
import { stepsOf } from './steps.js';

/** `wesgine-tools gen`: generates every pack in turn; a pack with problems does not stop the others. */
export async function commandGen(io: CliIo, packs: readonly string[], force: boolean): Promise<number> {
  let failing = 0;
  for (const root of packs) {
    const where = relative(io.cwd, root) || '.';
    const onStep = stepsOf(io, packs.length > 1 ? where : undefined);
    let report: GenerateReport;
    try {
      report = await generate(root, { force, ...(onStep === undefined ? {} : { onStep }) });
    } catch (error) {
      if (!CodegenError.isInstance(error)) throw error;
      printProblems(io, where, error.problems);
      failing++;
      continue;
    }
    const written = report.added.length + report.modified.length + report.deleted.length + report.stubs.length;
    if (report.skipped || written === 0) {
      io.out(`${report.pack}: up to date (${where})`);
      continue;
    }
    const counts = [
      `${report.added.length} added`,
      `${report.modified.length} modified`,
      `${report.deleted.length} deleted`,
      `${report.stubs.length} handler stubs written`,
    ];
    io.out(`${report.pack}: ${counts.join(', ')} (${where})`);
    for (const stub of report.stubs) io.out(`  new handler stub: ${stub}; fill it in`);
  }
  return failing > 0 ? 1 : 0;
}
