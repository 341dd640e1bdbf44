import { relative } from 'node:path';
import { generate } from '../generate.js';
import type { CliIo } from './io.js';

/** `wesgine-tools gen`: generates every pack in turn; stops at the first pack with problems. */
export async function commandGen(io: CliIo, packs: readonly string[], force: boolean): Promise<number> {
  for (const root of packs) {
    const report = await generate(root, { force });
    const where = relative(io.cwd, root) || '.';
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
  return 0;
}
