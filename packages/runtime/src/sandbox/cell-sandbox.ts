// A cell's OS sandbox: the settings it was created with, the programs it is running (all stopped with
// the cell), and the `ToolSandbox` each call's handler receives.
import { realpathSync } from 'node:fs';
import { homedir } from 'node:os';
import { ToolError, type ToolProcess, type ToolProcessRequest, type ToolSandbox } from '@wesgine/schema';
import type { PreparedRoots } from '../governance/sandbox-path.js';
import { bubblewrapArguments } from './bubblewrap-arguments.js';
import { startChild } from './child-process.js';
import { probeBubblewrap } from './find-bubblewrap.js';
import { createPidsGroup } from './pids-cgroup.js';
import type { ResolvedSandbox } from './sandbox-settings.js';
import { type PathForms, type PathTreatment, SandboxViewError, sandboxView } from './sandbox-view.js';
import { unavailableMessage } from './sandboxed-program.js';
import { extraProgramFolders, hiddenSystemPaths, systemMounts } from './system-folders.js';

/** How long a program gets after SIGTERM when the cell stops. */
const STOP_GRACE_MS = 1_000;

/** What the sandbox of one call is made from. */
export interface CallSandbox {
  /** The tool whose handler starts programs (for messages). */
  readonly tool: string;
  readonly roots: PreparedRoots;
  /** Whether the programs may write inside the roots (the call was classed as an action). */
  readonly writable: boolean;
  readonly treat: (path: PathForms, folder: boolean) => PathTreatment;
}

export class CellSandbox {
  readonly settings: ResolvedSandbox;
  readonly #live = new Set<ToolProcess>();
  #stopped = false;

  constructor(settings: ResolvedSandbox) {
    this.settings = settings;
  }

  get mode(): 'on' | 'off' {
    return this.settings.mode;
  }

  /** The sandbox a handler sees for one call. */
  forCall(call: CallSandbox): ToolSandbox {
    return { mode: this.settings.mode, spawn: (request) => this.#spawn(call, request) };
  }

  /** Stops every program still running (the cell stops). */
  async stopAll(): Promise<void> {
    this.#stopped = true;
    await Promise.all([...this.#live].map((child) => child.stop(STOP_GRACE_MS)));
  }

  async #spawn(call: CallSandbox, request: ToolProcessRequest): Promise<ToolProcess> {
    if (this.#stopped) throw new ToolError('aborted', 'The cell is stopped; no program can be started.');
    const [program, ...rest] = request.argv;
    let started: ToolProcess;
    if (this.settings.mode === 'off') {
      started = await startChild(request, {
        command: program,
        args: rest,
        sandboxed: false,
        onGone: () => this.#live.delete(started),
      });
    } else {
      started = await this.#spawnSandboxed(call, request);
    }
    this.#live.add(started);
    return started;
  }

  async #spawnSandboxed(call: CallSandbox, request: ToolProcessRequest): Promise<ToolProcess> {
    const probe = probeBubblewrap();
    if (!probe.ok) {
      throw new ToolError('unavailable', unavailableMessage(call.tool, probe.reason));
    }
    let view: ReturnType<typeof sandboxView>;
    try {
      view = sandboxView(call.roots, call.writable, call.treat);
    } catch (error) {
      if (!(error instanceof SandboxViewError)) throw error;
      throw new ToolError('unavailable', `${call.tool} cannot start the sandbox: ${error.message}.`);
    }
    const home = homedir();
    const args = bubblewrapArguments({
      view,
      system: systemMounts(),
      hiddenSystem: hiddenSystemPaths(),
      readPaths: [...extraProgramFolders(request.env.PATH, home), ...this.settings.readPaths],
      home,
      cwd: realpathSync(request.cwd),
      limits: this.settings.limits,
      argv: request.argv,
    });
    const group = createPidsGroup(this.settings.limits.processes);
    const bwrap = [probe.path, '--info-fd', '3', ...args];
    // The group is joined by a shell that then becomes bubblewrap, so no process starts outside it.
    const [command, ...commandArgs] =
      group === undefined ? bwrap : ['/bin/sh', '-c', 'echo $$ > "$0" && exec "$@"', group.procsFile, ...bwrap];
    let started: ToolProcess | undefined;
    try {
      started = await startChild(request, {
        command: command as string,
        args: commandArgs,
        sandboxed: true,
        onGone: () => {
          if (started !== undefined) this.#live.delete(started);
          group?.remove();
        },
      });
    } catch (error) {
      group?.remove();
      throw error;
    }
    return started;
  }
}
