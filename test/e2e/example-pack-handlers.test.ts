import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ToolContext } from '@wesgine/schema';
import { describe, expect, it } from 'vitest';
import pack from '../example-pack/src/index.js';
import { tempDir } from './cli-harness.js';

// The example pack's handlers called directly, with no sandbox in front: they must still keep to the
// notes folder, since the pack is what authors copy.

function context(workDir: string): ToolContext {
  const log = () => {};
  return {
    cellId: 'test',
    runId: 'test',
    sessionId: undefined,
    agentId: undefined,
    actor: undefined,
    workDir,
    allowPaths: [workDir],
    denyPaths: [],
    resolvedPaths: new Map(),
    dataDir: workDir,
    session: { id: 'test', get: () => undefined, set: () => {} },
    human: undefined,
    agents: undefined,
    checkUrl: async () => undefined,
    mayRead: () => true,
    signal: new AbortController().signal,
    progress: log,
    log: { debug: log, info: log, warn: log, error: log },
    sandbox: {
      mode: 'on',
      spawn: () => Promise.reject(new Error('the example pack starts no program')),
    },
  };
}

async function failure(run: Promise<unknown>): Promise<{ code: string; message: string }> {
  try {
    await run;
  } catch (error) {
    const { code, message } = error as { code: string; message: string };
    return { code, message };
  }
  throw new Error('the handler did not fail');
}

describe('the example pack keeps to its notes folder', () => {
  it('refuses .. and absolute paths, and symlinks that lead out', async () => {
    const outside = tempDir('outside');
    writeFileSync(join(outside, 'secret.md'), 'secret');
    const notes = tempDir('notes');
    symlinkSync(join(outside, 'secret.md'), join(notes, 'link.md'));
    symlinkSync(outside, join(notes, 'away'));
    const denied = (path: string) => ({
      code: 'denied',
      message: `${path} is outside the notes folder; give a path inside it, such as ideas/garden.md`,
    });
    for (const path of ['../secret.md', join(outside, 'secret.md'), 'link.md']) {
      expect(await failure(Promise.resolve(pack.handlers['notes.read']({ path }, context(notes))))).toEqual(
        denied(path),
      );
    }
    const write = { path: 'away/new.md', text: 'x', mode: 'create' } as const;
    expect(await failure(Promise.resolve(pack.handlers['notes.write'](write, context(notes))))).toEqual(
      denied('away/new.md'),
    );
    expect(readFileSync(join(outside, 'secret.md'), 'utf8')).toBe('secret');
  });

  it('reads and writes inside it', async () => {
    const notes = tempDir('notes');
    mkdirSync(join(notes, 'ideas'));
    const written = await pack.handlers['notes.write'](
      { path: 'ideas/garden.md', text: 'beans\npeas\n', mode: 'create' },
      context(notes),
    );
    expect(written).toEqual({
      text: 'created ideas/garden.md (11 bytes)',
      data: { path: 'ideas/garden.md', bytes: 11, created: true },
    });
    const read = await pack.handlers['notes.read']({ path: 'ideas/garden.md' }, context(notes));
    expect(read.text).toBe('ideas/garden.md (2 lines)\n    1  beans\n    2  peas');
  });
});
