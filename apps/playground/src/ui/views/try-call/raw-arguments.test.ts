import { describe, expect, it } from 'vitest';
import { browserValidator } from './browser-validator.js';
import { pointerLabel, readRawArguments } from './raw-arguments.js';

const readParameters = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  type: 'object',
  required: ['path'],
  properties: {
    path: { type: 'string', 'x-wesgine-path': 'read' },
    limit: { type: 'integer', minimum: 1, maximum: 2000 },
  },
  additionalProperties: false,
};
const checker = browserValidator(readParameters);

describe('readRawArguments', () => {
  it('gives the arguments and no issue when they match', () => {
    expect(readRawArguments('{ "path": "README.md", "limit": 5 }', checker)).toEqual({
      ok: true,
      args: { path: 'README.md', limit: 5 },
      issues: [],
    });
  });

  it("lists the toolkit validator's issues, each with its pointer", () => {
    const reading = readRawArguments('{"limit": 0, "extra": true}', checker);
    expect(reading.ok && reading.issues.map((issue) => [issue.path, issue.message])).toEqual([
      ['/path', 'is required but missing; expected a string'],
      ['/limit', 'must be >= 1, got 0'],
      ['/extra', 'unknown key "extra"; the keys allowed here are "path" and "limit"'],
    ]);
  });

  it('says where the text stops being JSON, by line and column', () => {
    const reading = readRawArguments('{\n  "path": "a",\n  "limit" 3\n}', checker);
    expect(reading.ok).toBe(false);
    expect(!reading.ok && reading.problem).toMatch(/^This is not JSON yet at line 3, column 11 \(.+\)\.$/);
  });

  it('refuses an empty box and anything but an object', () => {
    expect(readRawArguments('  ', checker)).toEqual({
      ok: false,
      problem: 'The box is empty: the arguments are a JSON object; write {} for none.',
    });
    expect(readRawArguments('["README.md"]', checker)).toEqual({
      ok: false,
      problem: 'The arguments must be a JSON object ({ … }), not an array.',
    });
    expect(readRawArguments('null', checker)).toEqual({
      ok: false,
      problem: 'The arguments must be a JSON object ({ … }), not null.',
    });
  });

  it('leaves the check to the runtime when the schema cannot be compiled here', () => {
    const odd = browserValidator({ type: 'object', unevaluatedProperties: false });
    expect(odd.ok).toBe(false);
    expect(!odd.ok && odd.problem).toMatch(/^The page cannot check these arguments itself \(.+\); the runtime will\.$/);
    expect(readRawArguments('{"anything": 1}', odd)).toEqual({ ok: true, args: { anything: 1 }, issues: [] });
  });

  it('names the arguments object itself in words', () => {
    expect(pointerLabel('')).toBe('(the arguments)');
    expect(pointerLabel('/edits/0')).toBe('/edits/0');
  });
});
