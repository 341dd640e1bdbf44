import { CodegenError } from '../errors.js';
import { generatorVersion } from '../version.js';
import { formatProblem } from './format-problem.js';
import { type CliIo, processIo } from './io.js';
import { parseArgs, UsageError } from './parse-args.js';
import { resolvePacks } from './resolve-packs.js';
import { USAGE } from './usage.js';

const FLAGS = {
  withValue: ['pack', 'name', 'http', 'zone', 'out', 'url', 'header', 'prefix', 'tools', 'update'],
  switches: ['help', 'version', 'force', 'mcp', 'builtins', 'offline'],
  repeatable: ['header'],
} as const;

/** The options each command reads; any other is a mistake worth saying, not something to ignore. */
const COMMAND_FLAGS: Readonly<Record<string, readonly string[]>> = {
  init: ['name'],
  new: ['pack'],
  gen: ['pack', 'force'],
  check: ['pack', 'offline'],
  docs: ['pack'],
  list: ['pack'],
  call: ['pack'],
  serve: ['mcp', 'pack', 'builtins', 'http', 'zone'],
  import: ['name', 'out', 'url', 'header', 'prefix', 'tools', 'update'],
};

/** The CLI: parses argv, runs one command, returns the exit code. Never throws. */
export async function main(argv: readonly string[], io: CliIo = processIo): Promise<number> {
  try {
    const { command, positionals, flags, lists } = parseArgs(argv, FLAGS);
    if (flags.has('version')) {
      io.out(generatorVersion());
      return 0;
    }
    if (flags.has('help') || command === undefined || command === 'help') {
      io.out(USAGE);
      return command === undefined && !flags.has('help') ? 2 : 0;
    }
    for (const flag of flags.keys()) {
      const allowed = COMMAND_FLAGS[command];
      if (allowed !== undefined && !allowed.includes(flag))
        throw new UsageError(`--${flag} does not apply to ${command}`);
    }
    const pack = flags.get('pack');
    const packFlag = typeof pack === 'string' ? pack : undefined;
    const name = flags.get('name');
    // Each command is imported when it runs: `check` of an unchanged pack should not pay for loading
    // what `call` or `init` need.
    switch (command) {
      case 'init': {
        const { commandInit } = await import('./command-init.js');
        return commandInit(io, positionals, typeof name === 'string' ? name : undefined);
      }
      case 'new': {
        const { commandNew } = await import('./command-new.js');
        return commandNew(io, only(await resolvePacks(io.cwd, packFlag, false)), positionals);
      }
      case 'gen': {
        noPositionals(command, positionals);
        const { commandGen } = await import('./command-gen.js');
        return await commandGen(io, await resolvePacks(io.cwd, packFlag, true), flags.has('force'));
      }
      case 'check': {
        noPositionals(command, positionals);
        const { commandCheck, commandCheckImports } = await import('./command-check.js');
        let packs: string[];
        try {
          packs = await resolvePacks(io.cwd, packFlag, true);
        } catch (error) {
          // No pack here, but imported MCP files: an application checks those alone.
          const { findMcpImports } = await import('../mcp/find-mcp-imports.js');
          if (error instanceof UsageError && packFlag === undefined && findMcpImports(io.cwd).length > 0) {
            if (!flags.has('offline')) return await commandCheckImports(io);
            io.out('imported MCP files not compared with their servers (--offline)');
            return 0;
          }
          throw error;
        }
        return await commandCheck(io, packs, flags.has('offline'));
      }
      case 'docs': {
        noPositionals(command, positionals);
        const { commandDocs } = await import('./command-docs.js');
        return await commandDocs(io, await resolvePacks(io.cwd, packFlag, true));
      }
      case 'list': {
        noPositionals(command, positionals);
        const { commandList } = await import('./command-list.js');
        return commandList(io, await resolvePacks(io.cwd, packFlag, true));
      }
      case 'call': {
        const { commandCall } = await import('./command-call.js');
        return await commandCall(io, only(await resolvePacks(io.cwd, packFlag, false)), positionals);
      }
      case 'serve': {
        noPositionals(command, positionals);
        const { commandServe } = await import('./command-serve.js');
        const http = flags.get('http');
        const zone = flags.get('zone');
        return await commandServe(io, {
          mcp: flags.has('mcp'),
          pack: packFlag,
          builtins: flags.has('builtins'),
          http: typeof http === 'string' ? http : undefined,
          zone: typeof zone === 'string' ? zone : undefined,
        });
      }
      case 'import': {
        const { commandImport } = await import('./command-import.js');
        return await commandImport(io, positionals, {
          name: typeof name === 'string' ? name : undefined,
          out: stringFlag(flags, 'out'),
          url: stringFlag(flags, 'url'),
          headers: lists.get('header'),
          prefix: stringFlag(flags, 'prefix'),
          tools: stringFlag(flags, 'tools'),
          update: stringFlag(flags, 'update'),
        });
      }
      default:
        throw new UsageError(`unknown command '${command}'; run wesgine-tools --help for the list`);
    }
  } catch (error) {
    return report(io, error);
  }
}

function report(io: CliIo, error: unknown): number {
  if (error instanceof UsageError) {
    io.err(`wesgine-tools: ${error.message}`);
    return 2;
  }
  if (CodegenError.isInstance(error)) {
    for (const problem of error.problems) io.err(`error: ${formatProblem(problem)}`);
    return 1;
  }
  io.err(`wesgine-tools: unexpected failure: ${error instanceof Error ? error.message : String(error)}`);
  return 1;
}

function stringFlag(flags: ReadonlyMap<string, string | true>, name: string): string | undefined {
  const value = flags.get(name);
  return typeof value === 'string' ? value : undefined;
}

function noPositionals(command: string, positionals: readonly string[]): void {
  if (positionals.length > 0) throw new UsageError(`${command} takes no arguments, got: ${positionals.join(' ')}`);
}

function only(packs: readonly string[]): string {
  const [first] = packs;
  if (first === undefined || packs.length > 1) throw new UsageError('name one pack with --pack <dir>');
  return first;
}
