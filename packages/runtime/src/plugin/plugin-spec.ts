/** One plugin of a cell (`CellSpec.plugins`): a program that offers tools over JSON-RPC on its stdio. */
export interface PluginSpec {
  /** Unique in the cell; its tools' source is `plugin:<name>` (zone rules, audit, events). */
  readonly name: string;
  /** The program; looked up on PATH. */
  readonly command: string;
  readonly args?: readonly string[];
  /** Added to the minimal environment the launcher gives every child (PATH, HOME, LANG). */
  readonly env?: Readonly<Record<string, string>>;
  /** Where it runs; the cell's workDir when absent. */
  readonly cwd?: string;
  /**
   * `false` runs it outside the OS sandbox, with the host process's rights: `cell.plugins().list()` and
   * every audit event of its tools say so. Inside it by default.
   */
  readonly sandbox?: boolean;
  /** The time limit of each of its calls, in ms; the cell's `defaults.timeoutMs` when absent. */
  readonly timeoutMs?: number;
  /** How long it may take to start and list its tools, in ms (30,000 when absent). */
  readonly startTimeoutMs?: number;
}

const NAME = /^[A-Za-z0-9_-]{1,64}$/;
const KNOWN = new Set(['name', 'command', 'args', 'env', 'cwd', 'sandbox', 'timeoutMs', 'startTimeoutMs']);

/**
 * The plugins of a cell spec, checked and frozen; throws an Error naming the plugin and the field for the
 * first thing that is wrong, so a bad spec creates no cell and starts no program.
 */
export function checkPluginSpecs(value: unknown): readonly PluginSpec[] {
  if (value === undefined) return [];
  if (!Array.isArray(value)) throw new Error('CellSpec.plugins must be an array of { name, command, ... }');
  const names = new Set<string>();
  return Object.freeze(
    value.map((item, index) => {
      const spec = checkPluginSpec(item, index);
      if (names.has(spec.name)) throw new Error(`CellSpec.plugins names the plugin '${spec.name}' twice`);
      names.add(spec.name);
      return spec;
    }),
  );
}

function checkPluginSpec(item: unknown, index: number): PluginSpec {
  const where = `CellSpec.plugins[${index}]`;
  if (typeof item !== 'object' || item === null || Array.isArray(item)) {
    throw new Error(`${where} must be an object with a name and a command`);
  }
  const spec = item as Record<string, unknown>;
  const { name } = spec;
  if (typeof name !== 'string' || !NAME.test(name)) {
    throw new Error(`${where}.name must be 1 to 64 letters, digits, '_' or '-', got ${JSON.stringify(name)}`);
  }
  const label = `the plugin '${name}'`;
  for (const key of Object.keys(spec)) {
    if (!KNOWN.has(key))
      throw new Error(`${label} has an unknown field '${key}'; the fields: ${[...KNOWN].join(', ')}`);
  }
  if (typeof spec.command !== 'string' || spec.command.trim() === '') {
    throw new Error(`${label} needs a command (the program to start)`);
  }
  const { args, env, cwd, sandbox, timeoutMs, startTimeoutMs } = spec;
  if (args !== undefined && !(Array.isArray(args) && args.every((arg) => typeof arg === 'string'))) {
    throw new Error(`${label}: args must be an array of strings`);
  }
  if (
    env !== undefined &&
    !(
      typeof env === 'object' &&
      env !== null &&
      !Array.isArray(env) &&
      Object.values(env).every((entry) => typeof entry === 'string')
    )
  ) {
    throw new Error(`${label}: env must be an object of strings`);
  }
  if (cwd !== undefined && (typeof cwd !== 'string' || cwd === '')) throw new Error(`${label}: cwd must be a path`);
  if (sandbox !== undefined && typeof sandbox !== 'boolean') {
    throw new Error(`${label}: sandbox must be true or false`);
  }
  for (const [field, limit] of [
    ['timeoutMs', timeoutMs],
    ['startTimeoutMs', startTimeoutMs],
  ] as const) {
    if (limit !== undefined && !(typeof limit === 'number' && Number.isInteger(limit) && limit > 0)) {
      throw new Error(`${label}: ${field} must be a positive whole number of milliseconds`);
    }
  }
  return Object.freeze({
    name,
    command: spec.command,
    ...(args === undefined ? {} : { args: Object.freeze([...(args as string[])]) }),
    ...(env === undefined ? {} : { env: Object.freeze({ ...(env as Record<string, string>) }) }),
    ...(cwd === undefined ? {} : { cwd }),
    ...(sandbox === undefined ? {} : { sandbox }),
    ...(timeoutMs === undefined ? {} : { timeoutMs: timeoutMs as number }),
    ...(startTimeoutMs === undefined ? {} : { startTimeoutMs: startTimeoutMs as number }),
  });
}
