import type { DialectName } from './dialect-name.js';
import { fnv1a } from './fnv1a.js';

interface NameRule {
  readonly illegal: RegExp;
  readonly maxLength: number;
  readonly mustStartWithLetter: boolean;
}

const OPENAI_RULE: NameRule = { illegal: /[^A-Za-z0-9_-]/g, maxLength: 64, mustStartWithLetter: false };
const GEMINI_RULE: NameRule = { illegal: /[^A-Za-z0-9_.-]/g, maxLength: 64, mustStartWithLetter: true };
const MCP_RULE: NameRule = { illegal: /[^A-Za-z0-9_.-]/g, maxLength: 128, mustStartWithLetter: false };

const RULES: Readonly<Record<DialectName, NameRule>> = {
  'openai-strict': OPENAI_RULE,
  openai: OPENAI_RULE,
  anthropic: OPENAI_RULE,
  gemini: GEMINI_RULE,
  'gemini-json': GEMINI_RULE,
  mcp: MCP_RULE,
};

/**
 * The name a provider sees for tool `name`. Illegal characters become `_` (OpenAI and Anthropic take
 * no `.`), Gemini names get a leading `_` when they start with a digit, `.` or `-`. A name that is too
 * long, or that the mapping made equal to the mapping of one of `otherNames`, ends in `_` and an
 * 8-digit FNV-1a hash of the original name, so it is deterministic and distinct. A legal name that
 * fits is never changed, whatever else is in the set. Reverse the mapping with the loss report's
 * `tool` / `providerName` pair or with `mapToolNames`.
 */
export function providerToolName(name: string, dialect: DialectName, otherNames: readonly string[] = []): string {
  const rule = RULES[dialect];
  const mapped = legalise(name, rule);
  const changed = mapped !== name;
  const collides = changed && otherNames.some((other) => other !== name && legalise(other, rule) === mapped);
  if (!collides && mapped.length <= rule.maxLength) return mapped;
  const suffix = `_${fnv1a(name)}`;
  return `${mapped.slice(0, rule.maxLength - suffix.length)}${suffix}`;
}

/** Canonical name to provider name for every tool of one request or pack, collisions resolved. */
export function mapToolNames(names: readonly string[], dialect: DialectName): ReadonlyMap<string, string> {
  return new Map(names.map((name) => [name, providerToolName(name, dialect, names)]));
}

function legalise(name: string, rule: NameRule): string {
  const replaced = name.replace(rule.illegal, '_');
  return rule.mustStartWithLetter && !/^[A-Za-z_]/.test(replaced) ? `_${replaced}` : replaced;
}
