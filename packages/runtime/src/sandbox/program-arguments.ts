// The part of a sandboxed start that a tool's program (exec) and a long-lived server (an MCP server, a
// plugin) share: what the cell hides beyond its view, and the bubblewrap command line with the system
// folders, the read paths and, when the zone allows hosts, the guard proxy's bridge.
import { bubblewrapArguments } from './bubblewrap-arguments.js';
import type { ProgramNetwork } from './network/program-network.js';
import { behindBridge } from './network/proxy-bridge.js';
import type { ResolvedSandbox } from './sandbox-settings.js';
import type { SandboxView } from './sandbox-view.js';
import { coveredCredentials, coveredDenied, hiddenSystemPaths, systemMounts } from './system-folders.js';

/** A path the sandbox covers with nothing. */
type Hidden = SandboxView['hidden'][number];

/**
 * What the sandbox hides: the view's own hidden paths, and what the system folders and read paths would
 * show that the cell hides (a credential folder under the home folder, a denied path).
 */
export function hiddenPaths(
  view: SandboxView,
  denied: readonly { readonly real: string }[],
  readPaths: readonly string[],
  home: string,
): Hidden[] {
  return [...view.hidden, ...coveredCredentials(readPaths, home), ...coveredDenied(denied, readPaths)];
}

/** One program to start in the sandbox. */
export interface ProgramPlan {
  readonly view: SandboxView;
  /** Every path to cover (see `hiddenPaths`). */
  readonly hidden: readonly Hidden[];
  /** Read-only folders beyond the system ones. */
  readonly readPaths: readonly string[];
  readonly home: string;
  /** The real path of the folder to start in. */
  readonly cwd: string;
  readonly limits: ResolvedSandbox['limits'];
  readonly env: Readonly<Record<string, string>>;
  readonly argv: readonly string[];
  /** The guard proxy's bridge, when the program may reach any host; on fd 3. */
  readonly network: ProgramNetwork | undefined;
}

/** Bubblewrap's arguments (without bubblewrap itself) for the plan. */
export function programArguments(plan: ProgramPlan): string[] {
  const { network } = plan;
  return bubblewrapArguments({
    view: { ...plan.view, hidden: [...plan.hidden] },
    system: systemMounts(),
    hiddenSystem: hiddenSystemPaths(),
    readPaths: [...plan.readPaths, ...(network?.readPaths ?? [])],
    home: plan.home,
    cwd: plan.cwd,
    limits: plan.limits,
    binds: network === undefined ? [] : [network.socketPath],
    env: network === undefined ? plan.env : { ...plan.env, ...network.env },
    argv: network === undefined ? plan.argv : behindBridge(plan.argv, network.socketPath, 3),
  });
}
