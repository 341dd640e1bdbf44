import type { ValidationIssue } from '@wesgine/schema';
import { type BrowserValidator, issuesOf } from './browser-validator.js';

/** What the Raw JSON box holds: arguments to send, or why it holds none yet. */
export type RawArguments =
  | { readonly ok: true; readonly args: Record<string, unknown>; readonly issues: readonly ValidationIssue[] }
  | { readonly ok: false; readonly problem: string };

/**
 * Reads the Raw JSON box as the person types: first whether it is JSON at all (and where it stops being
 * JSON), then whether it is an object, then the schema's issues from the toolkit's validator.
 */
export function readRawArguments(text: string, checker: BrowserValidator): RawArguments {
  if (text.trim() === '') {
    return { ok: false, problem: 'The box is empty: the arguments are a JSON object; write {} for none.' };
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { ok: false, problem: syntaxProblem(text, error) };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return {
      ok: false,
      problem: `The arguments must be a JSON object ({ … }), not ${describeValue(value)}.`,
    };
  }
  return { ok: true, args: value as Record<string, unknown>, issues: issuesOf(checker, value) };
}

/** `not JSON at line 2, column 5 (Expected ',' or '}' after property value)`, from the engine's own error. */
export function syntaxProblem(text: string, error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const reason = message.replace(/\s+in JSON at position \d+.*$/s, '').replace(/^JSON\.parse: /, '');
  const at = /position (\d+)/.exec(message);
  if (at?.[1] === undefined) return `This is not JSON yet (${reason}).`;
  const offset = Math.min(Number(at[1]), text.length);
  const before = text.slice(0, offset);
  const line = before.split('\n').length;
  const column = offset - before.lastIndexOf('\n');
  return `This is not JSON yet at line ${line}, column ${column} (${reason}).`;
}

function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'string') return 'a string';
  return `a ${typeof value}`;
}

/** A JSON pointer as the issue list shows it: the arguments object itself has the empty pointer. */
export function pointerLabel(path: string): string {
  return path === '' ? '(the arguments)' : path;
}
