// A long-lived child of a cell (an MCP stdio server, a plugin): the command line to start it with,
// inside the cell's OS sandbox unless the cell's sandbox is off or the source asked for none.
//
// CONTRACT (issue 11): the signature below is shared by the MCP client and the plugin host. This body
// is a passthrough until the sandboxed launch lands; it must not ship as is.

/** What to start, as its config gave it. */
export interface ServerLaunchRequest {
  /** `mcp:<server>` or `plugin:<name>`: for messages, and the name zone network rules use. */
  readonly sourceId: string;
  readonly argv: readonly [string, ...string[]];
  /** Where it runs; the cell's workDir when absent. */
  readonly cwd?: string;
  /** Added to a minimal environment (PATH, HOME, LANG). */
  readonly env?: Readonly<Record<string, string>>;
  /** `false`: run it with the host process's rights (recorded by the caller in list() and audit). */
  readonly sandbox?: boolean;
}

/** How to spawn it: hand these to `spawn` (or the MCP SDK's stdio transport) as they are. */
export interface LaunchedServer {
  readonly command: string;
  readonly args: readonly string[];
  readonly env: Readonly<Record<string, string>>;
  readonly cwd: string;
  /** Whether it runs inside the OS sandbox. */
  readonly sandboxed: boolean;
  /** Frees what the launch set up (its network bridge); call it once the child is gone. */
  close(): Promise<void>;
}

/** The view of the cell a launch needs. */
export interface LaunchCell {
  readonly spec: { readonly workDir: string };
}

export async function launchServer(cell: LaunchCell, request: ServerLaunchRequest): Promise<LaunchedServer> {
  const [command, ...args] = request.argv;
  return {
    command,
    args,
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: process.env.HOME ?? '/', ...(request.env ?? {}) },
    cwd: request.cwd ?? cell.spec.workDir,
    sandboxed: false,
    close: async () => {},
  };
}
