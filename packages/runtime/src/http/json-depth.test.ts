import { describe, expect, it } from 'vitest';
import { createApp } from './create-app.js';
import { fixtureCell, OPEN } from './http.test.fixture.js';
import { JSON_DEPTH_LIMIT, nestsDeeperThan } from './json-depth.js';

const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

describe('nestsDeeperThan', () => {
  it('counts arrays and objects, up to the limit and one past it', () => {
    expect(nestsDeeperThan(nested(3), 3)).toBe(false);
    expect(nestsDeeperThan(nested(4), 3)).toBe(true);
    expect(nestsDeeperThan('{"a":{"b":[1]}}', 3)).toBe(false);
    expect(nestsDeeperThan('{"a":{"b":[{}]}}', 3)).toBe(true);
    expect(nestsDeeperThan('[[],[],[],[]]', 2)).toBe(false);
  });

  it('does not count brackets inside strings, escaped quotes included', () => {
    expect(nestsDeeperThan(`{"a":"${'['.repeat(100)}"}`, 1)).toBe(false);
    expect(nestsDeeperThan(`{"a":"\\"${'{'.repeat(100)}"}`, 1)).toBe(false);
    expect(nestsDeeperThan(`{"a":"\\\\", "b":[[]]}`, 2)).toBe(true);
  });

  it('scans a million levels without a stack', () => {
    expect(nestsDeeperThan('['.repeat(1_000_000), JSON_DEPTH_LIMIT)).toBe(true);
  });
});

describe('a deeply nested body', () => {
  const { cell } = fixtureCell();
  const app = createApp(cell, { ...OPEN, bodyLimit: 1_000_000 });
  const post = (body: string) =>
    app.request('/tools/add/call', { method: 'POST', headers: { 'content-type': 'application/json' }, body });
  const refusal = {
    error: { code: 'too_deep', message: 'the body nests arrays and objects deeper than the limit of 65 levels' },
  };

  it.each([
    ['an array of 5,000 levels as an argument', `{"args":{"a":${nested(5_000)},"b":1}}`],
    ['objects of 5,000 levels as an argument', `{"args":{"a":${'{"x":'.repeat(5_000)}1${'}'.repeat(5_000)}}}`],
    ['an array of 100,000 levels as an argument', `{"args":{"a":${nested(100_000)}}}`],
    ['an array of 5,000 levels as the body', nested(5_000)],
    ['unclosed brackets', `{"args":${'['.repeat(100_000)}`],
    ['one level past the limit inside args', `{"args":{"a":${nested(64)}}}`],
  ])('answers %s with 400 too_deep, and runs nothing', async (_name, body) => {
    const before = cell.auditLog().length;
    const response = await post(body);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual(refusal);
    expect(cell.auditLog().length).toBe(before);
  });

  it('takes a body at the limit to the pipeline, which judges the arguments', async () => {
    const response = await post(`{"args":{"a":${nested(63)},"b":1}}`);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ isError: true, code: 'invalid_arguments' });
  });

  it('still answers a body over the size limit with 413, however deep', async () => {
    const small = createApp(cell, { ...OPEN, bodyLimit: 1000 });
    const response = await small.request('/tools/add/call', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: `{"args":{"a":${nested(5_000)}}}`,
    });
    expect(response.status).toBe(413);
  });

  it('answers a body of 50,000 keys like any other body', async () => {
    const keys = Array.from({ length: 50_000 }, (_, index) => `"k${index}":1`).join(',');
    const response = await post(`{"args":{"a":1,"b":2,${keys}}}`);
    expect(response.status).toBe(200);
    const wrongEnvelope = await post(`{${keys}}`);
    expect(wrongEnvelope.status).toBe(400);
    expect(await wrongEnvelope.json()).toEqual({
      error: {
        code: 'invalid_body',
        message:
          "unknown field 'k0' in the body; it takes args, actor, sessionId, dialect and trace (the tool's arguments go under args)",
      },
    });
  });
});
