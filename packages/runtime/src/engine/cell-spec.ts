import type { CategoryMap } from '@wesgine/schema';
import type { CronSpec } from '../adapter/cron-spec.js';
import type { DesktopSpec } from '../adapter/desktop-spec.js';
import type { EmailSpec } from '../adapter/email-spec.js';
import type { HeadlessBrowserSpec } from '../adapter/headless-browser-spec.js';
import type { KbSpec } from '../adapter/kb-spec.js';
import type { PlaywrightSpec } from '../adapter/playwright-spec.js';
import type { CycleSettings } from '../cycle/cycle-settings.js';
import type { UrlOptions } from '../governance/url/judge-url.js';
import type { AuditEvent } from '../pipeline/audit-event.js';
import type { PluginSpec } from '../plugin/plugin-spec.js';
import type { SandboxSpec } from '../sandbox/sandbox-settings.js';
import type { ZoneSource } from '../zone/zone-source.js';

/** A cell's configuration: where its tools may work, and what the consumer adds to the engine's view. */
export interface CellSpec {
  /** The folder tools work in; paths resolve against it. */
  readonly workDir: string;
  /** Where path arguments may lead; `[workDir]` when absent. */
  readonly allowPaths?: readonly string[];
  /** Where they may never lead. */
  readonly denyPaths?: readonly string[];
  /** Where the cell keeps its state and spilled outputs; a fresh temporary folder when absent. */
  readonly dataDir?: string;
  /** Categories for tools the engine does not know (level 2 of the resolution). */
  readonly extraCategories?: CategoryMap;
  /** More tools whose repeat with changed arguments counts as progress. */
  readonly extraProgressAware?: readonly string[];
  /** Engine tools this cell does not offer. */
  readonly disabledEngineSkills?: readonly string[];
  /**
   * The Zone policy: a loaded `Zone`, a policy object, or the path of a JSON or YAML file (relative to
   * `workDir`). Checked when the cell is created; none means Hardline and Sandbox decide alone.
   */
  readonly zone?: ZoneSource;
  /**
   * The OS sandbox every child process of the cell runs in (exec's commands): `'on'` (the default) or
   * settings (limits, more read-only folders). `'off'` runs programs with the host process's rights: it
   * must be asked for by name, and every audit event and the tool descriptions then say so.
   */
  readonly sandbox?: SandboxSpec;
  /**
   * Programs that offer tools over newline-delimited JSON-RPC on their stdio (see the runtime README,
   * "Plugins"): started when the cell is created (`await cell.ready()`), stopped with it.
   */
  readonly plugins?: readonly PluginSpec[];
  // The adapters: each field set gives the cell that adapter's tools (`kb.search`, `email.send`, ...),
  // made by the adapter the engine was given for it (`createEngine({ adapters })`); a field set without
  // one is an error when the cell is created. The tools exist while the cell does.
  /** Folders indexed for full-text search: `kb.search`, `kb.get`, `kb.list`. */
  readonly kb?: KbSpec;
  /** A mailbox: `email.send`, `email.search`, `email.read`. */
  readonly email?: EmailSpec;
  /** Scheduled tool calls and prompts: `cron.schedule`, `cron.list`, `cron.cancel`. */
  readonly cron?: CronSpec;
  /** Reading pages at scale: `page.read`, `page.screenshot`, `page.pdf`. */
  readonly headlessBrowser?: HeadlessBrowserSpec;
  /** Browser sessions a model drives: `browser.open`, `browser.snapshot`, `browser.click`, ... */
  readonly playwright?: PlaywrightSpec;
  /** An X display: `desktop.screenshot`, `desktop.click`, `desktop.type`, `desktop.key`, `desktop.windows`. */
  readonly desktop?: DesktopSpec;
  /** How `Url()` arguments are resolved, and hosts exempt from the private-address rule. */
  readonly network?: UrlOptions;
  /** Per-call time limit and output budget when a tool declares none. */
  readonly defaults?: { readonly timeoutMs?: number; readonly outputBudget?: number };
  /**
   * The CycleDetector's thresholds, over the governance spec's defaults (`DEFAULT_CYCLE_CONFIG`): each
   * run and sub-agent of the cell gets a detector with them. Checked when the cell is created.
   */
  readonly cycle?: CycleSettings;
  /** Receives the audit event of every call. */
  readonly onAudit?: (event: AuditEvent) => void;
}
