// Zone: an actor's policy, as data, after Hardline and Sandbox (it can narrow them, never widen them).
//
// Semantics, including the points the spec leaves open:
// - Format: `version: 1`, `zone`, optional `extends`, `defaults` and `rules`; unknown fields are errors
//   everywhere; every problem of every file in the chain is reported in one ZoneError.
// - A rule needs `id` (letters, digits, `. _ - /`; unique across the chain), `effect` (never assumed) and
//   `tools` (`*` in a name matches any characters). It has at most one condition: `paths`, `argv`,
//   `domains` or `recipients`. A rule without one covers every target of its tools, and calls without
//   targets.
// - Targets: each path argument, each sub-command, each host, each recipient. A rule applies to a target when its tools
//   match and its condition is of the target's kind and matches. Per target the strictest applicable rule
//   of the whole chain wins (deny > ask > allow; on a tie the first in chain order: parents first, then
//   file order); a target no rule covers gets the default of the tool's category. The call gets the
//   strictest of its targets (the first target reaching it names the rule and reason).
// - Defaults: per category the strictest the chain sets; none set means exploration allow, action ask.
//   `noHuman` may only be `deny` (it documents that an unanswerable ask is refused; approval does that).
//   A zone setting a default looser than a zone it extends is rejected.
// - Paths (see path-pattern.ts): gitignore globs; `/x` and `./x` are under the WorkDir, `~/x` under home,
//   `//x` absolute; other patterns with a `/` are under the WorkDir; patterns without one, or starting
//   `**` + `/`, match at any depth of any path, outside the WorkDir too. A pattern matching a folder
//   matches what is inside. The real form is judged against the real WorkDir and home. Deny and ask
//   rules match if either form matches; allow rules only if both do.
// - argv is a token prefix (`[git, push]` covers `git push origin`); a final `"*"` says so. Deny and ask
//   rules also recognise the program by its base name (`/bin/rm` is `rm`); allow rules need the word.
// - Domains: case-insensitive, trailing dot ignored; `*.x.org` is subdomains only, `x.org` only itself.
// - Recipients: the address of each `Recipient()` argument (`local@domain`, the name left out), matched
//   case-insensitively; `*` is any run of characters but "@" (see governance/recipient-pattern.ts, the
//   syntax `email.allowRecipients` uses too).
// - `explicit` on an allow: every target (or, without targets, the call) was allowed by a rule that
//   names the tool: its name or an alias written out, or its source's prefix (`email.*`, `mcp:github/*`).
//   A bare `*`, any other glob and the defaults do not name it; a `meta.askFirst` tool then still asks.
// - `extends` entries: `name` is `name.yaml`, `.yml`, `.json` next to the file (first found); an entry
//   with one of those extensions is a path. For an object, relative to `options.baseDir`.
// - `examples` run at load against their rule's condition only (rule-examples.ts).
// - `narrow(child)`: both zones decide on their own and the stricter decision stands (ties: the parent's).

import type { Effect } from './effect.js';
import type { ZoneDescription } from './zone-description.js';

export { type LoadZoneOptions, loadZone } from './load-zone.js';
export { ZoneError } from './zone-error.js';

/** One governed call as the Zone sees it, after Hardline and Sandbox let it through. */
export interface ZoneRequest {
  /** The tool's name, e.g. `read` or `mcp:github/create_issue`. */
  readonly tool: string;
  /** The tool's other names (`search_files` for `grep`): a rule naming any of them governs the tool. */
  readonly aliases?: readonly string[];
  readonly category: 'exploration' | 'action';
  /** Absolute. */
  readonly workDir: string;
  /** Both absolute forms of each path argument. */
  readonly paths: readonly { readonly lexical: string; readonly real: string }[];
  /** The argv of each sub-command of a Command argument. */
  readonly commands?: readonly (readonly string[])[];
  /** Lower-case host names of the Url arguments. */
  readonly hosts?: readonly string[];
  /** The addresses of the Recipient arguments: `local@domain`, the domain lower-case. */
  readonly recipients?: readonly string[];
  /** The tool is `meta.askFirst`: an allow then says whether it was `explicit`. */
  readonly askFirst?: boolean;
}

export interface ZoneDecision {
  readonly effect: Effect;
  /** The id of the zone that decided: the rule's zone, or the zone whose default applied. */
  readonly zone: string;
  /** The rule's id, or `default:exploration` / `default:action`. */
  readonly rule: string | undefined;
  /** What the model (or, for ask, the human) reads: the rule's `reason`, or a sentence saying why. */
  readonly reason: string;
  /**
   * On an allow of an `askFirst` request: true when rules naming the tool allowed every target (see the
   * top of this file). Left out otherwise; a Zone written as code that leaves it out never lets an
   * askFirst tool skip asking.
   */
  readonly explicit?: boolean;
}

/** One path as a tool would reach it, for `Zone.pathEffect`. */
export interface ZonePathRequest {
  readonly tool: string;
  /** The tool's other names, as in `ZoneRequest`. */
  readonly aliases?: readonly string[];
  /** Absolute. */
  readonly workDir: string;
  readonly path: { readonly lexical: string; readonly real: string };
}

export interface Zone {
  /** The `zone:` field. */
  readonly id: string;
  decide(request: ZoneRequest): ZoneDecision;
  /**
   * The effect of the strictest path rule that covers this path for this tool, or `undefined` when no
   * path rule does (defaults and rules without a condition are not consulted). The OS sandbox uses it
   * to hide (deny) or write-protect (ask) the paths a program may open without naming them.
   */
  pathEffect(request: ZonePathRequest): Effect | undefined;
  /**
   * Whether some `domains` rule allows this tool a host. Only then does a sandboxed program of the tool
   * get a network at all (through the guard proxy, which judges every connection by `decide`).
   */
  allowsHosts(tool: string, aliases?: readonly string[]): boolean;
  /** A zone that is this one narrowed by `child` (both chains apply; strictest wins): for sub-agents and per-run zones. */
  narrow(child: Zone): Zone;
  /**
   * What the zone is, for a person to look at: its rules, defaults and file. Loaded zones have it; a
   * zone written as code may leave it out (its rules are its code).
   */
  describe?(): ZoneDescription;
}
