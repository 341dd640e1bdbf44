import { realPathOf } from '../governance/real-path.js';
import { type Effect, strictness } from './effect.js';
import { narrowZone } from './narrowed-zone.js';
import { anchorFolder, type PathAnchors } from './path-pattern.js';
import {
  type RuleSpec,
  ruleMatchesCommand,
  ruleMatchesHost,
  ruleMatchesPath,
  ruleMatchesRecipient,
} from './rule-spec.js';
import { matchesTool, namesTool } from './tool-pattern.js';
import type { Zone, ZoneDecision, ZonePathRequest, ZoneRequest } from './zone.js';
import type { Category, DefaultChoice } from './zone-defaults.js';
import { describeRule, type ZoneDescription } from './zone-description.js';
import { defaultReason, describeSubject, ruleReason, type Subject } from './zone-reasons.js';

/** A rule of the chain as `decide` uses it. */
export interface ZoneRule {
  readonly spec: RuleSpec;
  /** The id of the zone the rule is written in. */
  readonly zone: string;
  /** Its place in the chain (parents first, then file order): the first wins a tie. */
  readonly order: number;
}

interface RankedRule extends ZoneRule {
  readonly rank: number;
  /** The decision when it does not depend on the target: allow, or a rule with its own reason. */
  readonly fixed: ZoneDecision | undefined;
}

/** A tool's rules, split by the kind of target they look at. */
interface ToolRules {
  /** The strictest rule without a condition (it applies to every target). */
  readonly plain: RankedRule | undefined;
  readonly paths: readonly RankedRule[];
  readonly commands: readonly RankedRule[];
  readonly hosts: readonly RankedRule[];
  readonly recipients: readonly RankedRule[];
  /** The rules that name the tool (not only by a bare `*` or another glob): their allow is explicit. */
  readonly named: ReadonlySet<RankedRule>;
}

interface RankedDefault extends DefaultChoice {
  readonly rank: number;
  readonly allow: ZoneDecision;
}

const NONE: readonly never[] = [];
/** More tool names (or WorkDirs) than a cell plausibly has; past it a cache starts over. */
const CACHE_LIMIT = 1024;

/** A loaded zone with its whole chain: see zone.ts for the semantics. */
export class PolicyZone implements Zone {
  readonly id: string;
  readonly #rules: readonly RankedRule[];
  readonly #defaults: Readonly<Record<Category, RankedDefault>>;
  readonly #home: { readonly lexical: string; readonly real: string };
  readonly #byTool = new Map<string, ToolRules>();
  /** An allow rule's fixed decision with `explicit: true`, made the first time it is needed. */
  readonly #explicit = new WeakMap<RankedRule, ZoneDecision>();
  readonly #anchors = new Map<string, { readonly lexical: PathAnchors; readonly real: PathAnchors }>();
  readonly #loaded: { readonly file?: string | undefined; readonly text?: string | undefined };

  constructor(
    id: string,
    rules: readonly ZoneRule[],
    defaults: Readonly<Record<Category, DefaultChoice>>,
    home: string,
    loaded: { readonly file?: string | undefined; readonly text?: string | undefined } = {},
  ) {
    this.id = id;
    this.#loaded = loaded;
    this.#rules = rules.map((rule) => ({
      ...rule,
      rank: strictness(rule.spec.effect),
      fixed:
        rule.spec.effect === 'allow' || rule.spec.reason !== undefined
          ? {
              effect: rule.spec.effect,
              zone: rule.zone,
              rule: rule.spec.id,
              reason: rule.spec.reason ?? ruleReason(rule.spec.id, rule.spec.effect, 'this call'),
            }
          : undefined,
    }));
    const ranked = (category: Category): RankedDefault => {
      const choice = defaults[category];
      const reason = defaultReason(category, 'allow', 'this call');
      return {
        ...choice,
        rank: strictness(choice.effect),
        allow: { effect: 'allow', zone: choice.zone, rule: `default:${category}`, reason },
      };
    };
    this.#defaults = { exploration: ranked('exploration'), action: ranked('action') };
    this.#home = { lexical: anchorFolder(home), real: anchorFolder(realFolder(home)) };
  }

  decide(request: ZoneRequest): ZoneDecision {
    const rules = this.#rulesFor(request.tool, request.aliases ?? NONE);
    const fallback = this.#defaults[request.category];
    const { paths } = request;
    const commands = request.commands ?? NONE;
    const hosts = request.hosts ?? NONE;
    const recipients = request.recipients ?? NONE;
    // The winning target so far, by kind and index, so that nothing is allocated until the end.
    let rank = -1;
    let winner: RankedRule | undefined;
    let kind: Subject['kind'] = 'call';
    let at = 0;
    // Whether every target so far was decided by a rule naming the tool (what an askFirst tool needs).
    let explicit = true;
    if (paths.length > 0) {
      const anchors = this.#anchorsFor(request.workDir);
      for (let index = 0; index < paths.length && rank < 2; index++) {
        const path = paths[index] as ZoneRequest['paths'][number];
        let best = rules.plain;
        for (const rule of rules.paths) {
          const { condition, effect } = rule.spec;
          if (
            condition.kind === 'paths' &&
            beats(rule, best) &&
            ruleMatchesPath(condition.patterns, effect, path, anchors.lexical, anchors.real)
          ) {
            best = rule;
          }
        }
        if (best === undefined || !rules.named.has(best)) explicit = false;
        const found = best?.rank ?? fallback.rank;
        if (found > rank) {
          rank = found;
          winner = best;
          kind = 'path';
          at = index;
        }
      }
    }
    for (let index = 0; index < commands.length && rank < 2; index++) {
      const argv = commands[index] as readonly string[];
      let best = rules.plain;
      for (const rule of rules.commands) {
        const { condition, effect } = rule.spec;
        if (condition.kind === 'argv' && beats(rule, best) && ruleMatchesCommand(condition.pattern, effect, argv)) {
          best = rule;
        }
      }
      if (best === undefined || !rules.named.has(best)) explicit = false;
      const found = best?.rank ?? fallback.rank;
      if (found > rank) {
        rank = found;
        winner = best;
        kind = 'command';
        at = index;
      }
    }
    for (let index = 0; index < hosts.length && rank < 2; index++) {
      const host = hosts[index] as string;
      let best = rules.plain;
      for (const rule of rules.hosts) {
        const { condition } = rule.spec;
        if (condition.kind === 'domains' && beats(rule, best) && ruleMatchesHost(condition.patterns, host)) best = rule;
      }
      if (best === undefined || !rules.named.has(best)) explicit = false;
      const found = best?.rank ?? fallback.rank;
      if (found > rank) {
        rank = found;
        winner = best;
        kind = 'host';
        at = index;
      }
    }
    for (let index = 0; index < recipients.length && rank < 2; index++) {
      const address = recipients[index] as string;
      let best = rules.plain;
      for (const rule of rules.recipients) {
        const { condition } = rule.spec;
        if (condition.kind === 'recipients' && beats(rule, best) && ruleMatchesRecipient(condition.patterns, address)) {
          best = rule;
        }
      }
      if (best === undefined || !rules.named.has(best)) explicit = false;
      const found = best?.rank ?? fallback.rank;
      if (found > rank) {
        rank = found;
        winner = best;
        kind = 'recipient';
        at = index;
      }
    }
    // No targets: the rules without a condition, else the default.
    if (rank === -1) {
      winner = rules.plain;
      explicit = winner !== undefined && rules.named.has(winner);
    }
    const decision = this.#decision(request, winner, fallback, kind, at);
    // Only an askFirst call is told: other callers compare decisions whole.
    if (request.askFirst !== true || decision.effect !== 'allow') return decision;
    return explicit && winner !== undefined ? this.#explicitOf(winner, decision) : { ...decision, explicit: false };
  }

  pathEffect(request: ZonePathRequest): Effect | undefined {
    const rules = this.#rulesFor(request.tool, request.aliases ?? NONE).paths;
    if (rules.length === 0) return undefined;
    const anchors = this.#anchorsFor(request.workDir);
    let best: RankedRule | undefined;
    for (const rule of rules) {
      const { condition, effect } = rule.spec;
      if (
        condition.kind === 'paths' &&
        beats(rule, best) &&
        ruleMatchesPath(condition.patterns, effect, request.path, anchors.lexical, anchors.real)
      ) {
        best = rule;
      }
    }
    return best?.spec.effect;
  }

  allowsHosts(tool: string, aliases: readonly string[] = NONE): boolean {
    return this.#rulesFor(tool, aliases).hosts.some((rule) => rule.spec.effect === 'allow');
  }

  narrow(child: Zone): Zone {
    return narrowZone(this, child);
  }

  describe(): ZoneDescription {
    return {
      id: this.id,
      file: this.#loaded.file,
      text: this.#loaded.text,
      rules: this.#rules.map((rule) => describeRule(rule.spec, rule.zone)),
      defaults: { exploration: this.#defaults.exploration.effect, action: this.#defaults.action.effect },
    };
  }

  #decision(
    request: ZoneRequest,
    rule: RankedRule | undefined,
    fallback: RankedDefault,
    kind: Subject['kind'],
    at: number,
  ): ZoneDecision {
    if (rule?.fixed !== undefined) return rule.fixed;
    if (rule === undefined && fallback.effect === 'allow') return fallback.allow;
    const subject = describeSubject(request.tool, subjectOf(request, kind, at));
    if (rule !== undefined) {
      const reason = ruleReason(rule.spec.id, rule.spec.effect, subject);
      return { effect: rule.spec.effect, zone: rule.zone, rule: rule.spec.id, reason };
    }
    const reason = defaultReason(request.category, fallback.effect, subject);
    return { effect: fallback.effect, zone: fallback.zone, rule: fallback.allow.rule, reason };
  }

  /** The allow `decision` of `rule`, marked explicit (one object per rule). */
  #explicitOf(rule: RankedRule, decision: ZoneDecision): ZoneDecision {
    let marked = this.#explicit.get(rule);
    if (marked === undefined) {
      marked = { ...decision, explicit: true };
      this.#explicit.set(rule, marked);
    }
    return marked;
  }

  #rulesFor(tool: string, aliases: readonly string[]): ToolRules {
    const key = aliases.length === 0 ? tool : [tool, ...aliases].join('\u0000');
    const cached = this.#byTool.get(key);
    if (cached !== undefined) return cached;
    let plain: RankedRule | undefined;
    const paths: RankedRule[] = [];
    const commands: RankedRule[] = [];
    const hosts: RankedRule[] = [];
    const recipients: RankedRule[] = [];
    const named = new Set<RankedRule>();
    for (const rule of this.#rules) {
      if (!matchesTool(rule.spec.tools, tool) && !aliases.some((alias) => matchesTool(rule.spec.tools, alias))) {
        continue;
      }
      if (namesTool(rule.spec.tools, tool) || aliases.some((alias) => namesTool(rule.spec.tools, alias))) {
        named.add(rule);
      }
      const kind = rule.spec.condition.kind;
      if (kind === 'none' && beats(rule, plain)) plain = rule;
      else if (kind === 'paths') paths.push(rule);
      else if (kind === 'argv') commands.push(rule);
      else if (kind === 'domains') hosts.push(rule);
      else if (kind === 'recipients') recipients.push(rule);
    }
    if (this.#byTool.size >= CACHE_LIMIT) this.#byTool.clear();
    const rules = { plain, paths, commands, hosts, recipients, named };
    this.#byTool.set(key, rules);
    return rules;
  }

  /** The anchors' folders for one WorkDir, lexical and real (resolving the real one once per WorkDir). */
  #anchorsFor(workDir: string): { readonly lexical: PathAnchors; readonly real: PathAnchors } {
    let anchors = this.#anchors.get(workDir);
    if (anchors === undefined) {
      anchors = {
        lexical: { workDir: anchorFolder(workDir), home: this.#home.lexical },
        real: { workDir: anchorFolder(realFolder(workDir)), home: this.#home.real },
      };
      if (this.#anchors.size >= CACHE_LIMIT) this.#anchors.clear();
      this.#anchors.set(workDir, anchors);
    }
    return anchors;
  }
}

function subjectOf(request: ZoneRequest, kind: Subject['kind'], at: number): Subject {
  if (kind === 'path') return { kind, path: request.paths[at]?.lexical ?? '' };
  if (kind === 'command') return { kind, argv: request.commands?.[at] ?? [] };
  if (kind === 'host') return { kind, host: request.hosts?.[at] ?? '' };
  if (kind === 'recipient') return { kind, address: request.recipients?.[at] ?? '' };
  return { kind };
}

/** Whether `rule` should replace `best`: stricter, or as strict and earlier in the chain. */
function beats(rule: RankedRule, best: RankedRule | undefined): boolean {
  return best === undefined || rule.rank > best.rank || (rule.rank === best.rank && rule.order < best.order);
}

/** A folder through its symbolic links; the folder itself when that fails (it may not exist). */
function realFolder(folder: string): string {
  try {
    return realPathOf(folder);
  } catch {
    return folder;
  }
}
