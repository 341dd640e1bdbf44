/** `connecting` while it starts, `ready`, `down` between a failure and its restart, `stopped` for good. */
export type PluginState = 'connecting' | 'ready' | 'down' | 'stopped';

/** One plugin of a cell as `cell.plugins().list()` shows it. */
export interface PluginStatus {
  readonly name: string;
  /** `plugin:<name>`: the tools' source in audit events, zone rules and source events. */
  readonly sourceId: string;
  readonly state: PluginState;
  /** The tools it offers (while it is down, the ones it offered last). */
  readonly tools: readonly string[];
  /** Tools its list offered that the cell left out, with why (a schema the validator cannot take...). */
  readonly skipped: readonly { readonly tool: string; readonly reason: string }[];
  /** Its own name and version, from its `initialize` answer. */
  readonly info: { readonly name: string; readonly version: string } | undefined;
  /** Whether its process runs inside the OS sandbox; undefined before it was first launched. */
  readonly sandboxed: boolean | undefined;
  /** Its process id while it runs. */
  readonly pid: number | undefined;
  /** How many times it was started again after a failure. */
  readonly restarts: number;
  /** Why it is down (with the end of its stderr), while it is. */
  readonly lastError: string | undefined;
}
