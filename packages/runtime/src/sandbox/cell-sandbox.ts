// A cell's OS sandbox: the settings it was created with, the programs it is running (all stopped with
// the cell), and the `ToolSandbox` each call's handler receives.
import { realpathSync } from 'node:fs';
import { homedir } from 'node:os';
import { ToolError, type ToolProcess, type ToolProcessRequest, type ToolSandbox } from '@wesgine/schema';
import type { PreparedRoots } from '../governance/sandbox-path.js';
import type { Zone } from '../zone/zone.js';
import { adoptChild, startChild } from './child-process.js';
import { probeBubblewrap } from './find-bubblewrap.js';
import { FolderMemo } from './folder-memo.js';
import { withOnlyDescriptors } from './inherited-descriptors.js';
import { startProgramNetwork } from './network/program-network.js';
import { pathTreatment } from './path-treatment.js';
import { createPidsGroup, type PidsGroup } from './pids-cgroup.js';
import { hiddenPaths, programArguments } from './program-arguments.js';
import { protectedCreations, removeCreations } from './protected-creations.js';
import type { ResolvedSandbox } from './sandbox-settings.js';
import { SandboxViewError, sandboxView } from './sandbox-view.js';
import { unavailableMessage } from './sandboxed-program.js';
import { Standby } from './standby.js';
import { extraProgramFolders } from './system-folders.js';

/** The memo key of calls without a zone. */
const NO_ZONE = {};

/** How long a program gets after SIGTERM when the cell stops. */
const STOP_GRACE_MS = 1_000;

/** What the sandbox of one call is made from. */
export interface CallSandbox {
  /** The tool whose handler starts programs (for messages). */
  readonly tool: string;
  readonly roots: PreparedRoots;
  /** Whether the programs may write inside the roots (the call was classed as an action). */
  readonly writable: boolean;
  /** The call's Zone (the cell's narrowed by the run's), which hides or write-protects paths too. */
  readonly zone: Zone | undefined;
  /** What the zone stands for across runs (the cell's policy), for the kept view of the roots. */
  readonly policy: object | undefined;
  readonly workDir: string;
  /**
   * Present when the Zone allows the tool some host: then programs reach the network through a guard
   * proxy that judges every connection with this (the refusal's reason, or undefined to let it through).
   */
  readonly checkUrl?: (url: string) => Promise<string | undefined>;
}

export class CellSandbox {
  readonly settings: ResolvedSandbox;
  readonly #live = new Set<ToolProcess>();
  readonly #standby: Standby;
  /** Folder memos by zone (a run's own zone is its own object), then tool, WorkDir and home folder. */
  readonly #memos = new WeakMap<object, Map<string, FolderMemo>>();
  #stopped = false;

  constructor(settings: ResolvedSandbox) {
    this.settings = settings;
    this.#standby = new Standby(settings.limits.processes);
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
    this.#standby.close();
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
        onGone: () => {
          this.#live.delete(started);
          return undefined;
        },
      });
    } else {
      started = await this.#spawnSandboxed(call, request);
    }
    this.#live.add(started);
    return started;
  }

  #memo(call: CallSandbox): FolderMemo {
    const zoneKey = call.policy ?? NO_ZONE;
    let byTool = this.#memos.get(zoneKey);
    if (byTool === undefined) {
      byTool = new Map();
      this.#memos.set(zoneKey, byTool);
    }
    const home = homedir();
    const key = `${call.tool}\0${call.workDir}\0${home}`;
    let memo = byTool.get(key);
    if (memo === undefined) {
      memo = new FolderMemo(pathTreatment(call.zone, call.tool, call.workDir));
      byTool.set(key, memo);
    }
    return memo;
  }

  async #spawnSandboxed(call: CallSandbox, request: ToolProcessRequest): Promise<ToolProcess> {
    const probe = probeBubblewrap();
    if (!probe.ok) {
      throw new ToolError('unavailable', unavailableMessage(call.tool, probe));
    }
    const memo = this.#memo(call);
    let view: ReturnType<typeof sandboxView>;
    try {
      view = sandboxView(call.roots, call.writable, memo);
    } catch (error) {
      if (!(error instanceof SandboxViewError)) throw error;
      throw new ToolError('unavailable', `${call.tool} cannot start the sandbox: ${error.message}.`);
    }
    const home = homedir();
    const readPaths = [...extraProgramFolders(request.env.PATH, home), ...this.settings.readPaths];
    // A read path that holds a credential folder (a toolchain under the home folder) shows it covered, and
    // a denied path in a system folder or a read path is covered as one in a root is.
    const hidden = hiddenPaths(view, call.roots.denied, readPaths, home);
    let cwd: string;
    try {
      cwd = realpathSync(request.cwd);
    } catch {
      throw new ToolError('file_not_found', `The folder to run in, ${request.cwd}, does not exist (any more).`);
    }
    const network = call.checkUrl === undefined ? undefined : await startProgramNetwork(call.checkUrl);
    const args = programArguments({
      view,
      hidden,
      readPaths,
      home,
      cwd,
      limits: this.settings.limits,
      env: request.env,
      argv: request.argv,
      network,
    });
    const bwrap = [probe.path, '--info-fd', '3', ...args];
    // With the roots writable, what the program made where it may not write is undone once it is gone.
    const undo = () => {
      if (!call.writable) return undefined;
      try {
        return removeCreations(protectedCreations(view, sandboxView(call.roots, true, memo)));
      } catch {
        return undefined; // the roots grew past what can be walked: nothing to compare with
      }
    };
    const gone = (started: ToolProcess | undefined, group: PidsGroup | undefined) => {
      if (started !== undefined) this.#live.delete(started);
      group?.remove();
      void network?.close();
      const removed = undo();
      // The next program's standby, now that no program of this call is starting.
      setImmediate(() => this.#standby.prepare());
      return removed;
    };
    // A standby already in its own pids cgroup becomes bubblewrap at once; else a shell joins a new
    // group (so no process starts outside it), closes every descriptor but stdio and the info fd, and
    // becomes bubblewrap.
    const waiting = this.#standby.run(bwrap);
    if (waiting !== undefined) {
      const holder: { started?: ToolProcess } = {};
      holder.started = adoptChild(waiting.child, waiting.pid, request, {
        sandboxed: true,
        onGone: () => gone(holder.started, waiting.group),
      });
      return holder.started;
    }
    const group = createPidsGroup(this.settings.limits.processes);
    const [command, ...commandArgs] = withOnlyDescriptors(3, bwrap, {
      ...(group === undefined ? {} : { first: 'echo $$ > "$0"', zero: group.procsFile }),
    });
    let started: ToolProcess | undefined;
    try {
      started = await startChild(request, {
        command: command as string,
        args: commandArgs,
        sandboxed: true,
        onGone: () => gone(started, group),
      });
    } catch (error) {
      gone(undefined, group);
      throw error;
    }
    return started;
  }
}
