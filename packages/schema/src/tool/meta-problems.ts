import type { ToolMeta } from './tool-meta.js';
import { toolNameProblem } from './tool-name.js';

const BOOLEAN_FIELDS = [
  'readOnly',
  'progressAware',
  'destructive',
  'idempotent',
  'openWorld',
  'strict',
  'delegates',
  'askFirst',
] as const;
const POSITIVE_INTEGER_FIELDS = ['timeoutMs', 'outputBudget'] as const;
const KNOWN = new Set<string>([...BOOLEAN_FIELDS, ...POSITIVE_INTEGER_FIELDS, 'category', 'aliases', 'displayOnly']);

/** Every way `meta` is wrong: unknown fields (with the likely intended one), wrong types, contradictions. */
export function metaProblems(meta: unknown): string[] {
  if (typeof meta !== 'object' || meta === null || Array.isArray(meta)) return ['meta must be an object'];
  const problems: string[] = [];
  const record = meta as Record<string, unknown>;
  for (const key of Object.keys(record).sort()) {
    if (KNOWN.has(key)) continue;
    const near = [...KNOWN].find((known) => known.toLowerCase() === key.toLowerCase());
    problems.push(`meta.${key} is not a known field${near === undefined ? '' : `; did you mean meta.${near}?`}`);
  }
  for (const key of BOOLEAN_FIELDS) {
    if (record[key] !== undefined && typeof record[key] !== 'boolean') problems.push(`meta.${key} must be a boolean`);
  }
  for (const key of POSITIVE_INTEGER_FIELDS) {
    const value = record[key];
    if (value !== undefined && !(typeof value === 'number' && Number.isInteger(value) && value > 0)) {
      problems.push(`meta.${key} must be a positive integer`);
    }
  }
  problems.push(...aliasProblems(record.aliases), ...displayOnlyProblems(record.displayOnly));
  const { category, readOnly, destructive } = record as ToolMeta;
  if (category !== undefined && category !== 'exploration' && category !== 'action') {
    problems.push(`meta.category must be 'exploration' or 'action', got ${JSON.stringify(category)}`);
  }
  if (readOnly === true && category === 'action') {
    problems.push("meta.readOnly is true but meta.category is 'action'; a read-only tool is 'exploration'");
  }
  if (readOnly === false && category === 'exploration') {
    problems.push("meta.readOnly is false but meta.category is 'exploration', which means read-only");
  }
  if (destructive === true && (readOnly === true || category === 'exploration')) {
    problems.push('meta.destructive is true on a read-only tool; a tool that destroys data is an action');
  }
  return problems;
}

function aliasProblems(aliases: unknown): string[] {
  if (aliases === undefined) return [];
  if (!Array.isArray(aliases)) return ['meta.aliases must be an array of tool names'];
  const problems: string[] = [];
  const seen = new Set<unknown>();
  for (const alias of aliases) {
    const problem = toolNameProblem(alias);
    if (problem !== undefined) problems.push(`meta.aliases: ${problem}`);
    else if (seen.has(alias)) problems.push(`meta.aliases names '${alias}' twice`);
    seen.add(alias);
  }
  return problems;
}

function displayOnlyProblems(names: unknown): string[] {
  if (names === undefined) return [];
  if (!Array.isArray(names) || names.some((name) => typeof name !== 'string' || name === '')) {
    return ['meta.displayOnly must be an array of parameter names'];
  }
  const twice = names.find((name, index) => names.indexOf(name) !== index);
  return twice === undefined ? [] : [`meta.displayOnly names '${twice}' twice`];
}
