import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { toolNameProblem } from '@wesgine/schema';
import { scaffoldTool } from '../scaffold/scaffold-tool.js';
import type { CliIo } from './io.js';
import { UsageError } from './parse-args.js';

/** `wesgine-tools new <tool>`: adds `tools/<tool>.tool.ts`; never overwrites. */
export function commandNew(io: CliIo, packRoot: string, positionals: readonly string[]): number {
  const [name, ...extra] = positionals;
  if (name === undefined) throw new UsageError('new needs a tool name: wesgine-tools new <tool>');
  if (extra.length > 0) throw new UsageError(`new takes one tool name, got also: ${extra.join(' ')}`);
  const problem = toolNameProblem(name);
  if (problem !== undefined) throw new UsageError(problem);
  const file = scaffoldTool(name);
  const path = join(packRoot, file.path);
  if (existsSync(path)) throw new UsageError(`${relative(io.cwd, path)} already exists`);
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, file.contents);
  io.out(`created ${relative(io.cwd, path)}`);
  io.out('edit its description and parameters, then run: wesgine-tools gen');
  return 0;
}
