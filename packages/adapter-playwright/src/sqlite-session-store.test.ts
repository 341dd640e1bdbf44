import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { sqliteSessionStore } from './sqlite-session-store.js';

const folder = () => mkdtempSync(join(tmpdir(), 'wesgine-pw-store-'));

describe('sqliteSessionStore', () => {
  it('keeps records across reopening; a closed one keeps its first reason', async () => {
    const file = join(folder(), 'nested', 'sessions.sqlite');
    const store = sqliteSessionStore(file);
    const at = '2026-12-02T08:00:00.000Z';
    await store.add({ id: 's-1', runId: 'r1', url: 'about:blank', openedAt: at, lastUsedAt: at });
    await store.add({ id: 's-2', runId: 'r1', url: 'about:blank', openedAt: at, lastUsedAt: at });
    await store.used('s-1', 'http://example.com/', '2026-12-02T08:01:00.000Z');
    await store.closed('s-1', 'idle', '2026-12-02T08:06:00.000Z');
    await store.closed('s-1', 'closed', '2026-12-02T08:07:00.000Z');
    await store.used('s-1', 'http://example.com/later', '2026-12-02T08:08:00.000Z');
    await store.close();
    const again = sqliteSessionStore(file);
    expect(await again.get('s-1')).toEqual({
      id: 's-1',
      runId: 'r1',
      url: 'http://example.com/',
      openedAt: at,
      lastUsedAt: '2026-12-02T08:01:00.000Z',
      closedAt: '2026-12-02T08:06:00.000Z',
      closedBecause: 'idle',
    });
    expect(await again.closeAll('cell-stopped', '2026-12-02T09:00:00.000Z')).toBe(1);
    expect(await again.get('s-2')).toMatchObject({ closedBecause: 'cell-stopped' });
    expect(await again.get('s-3')).toBeUndefined();
    await again.close();
  });

  it('refuses a file of another layout, and one that is no database, naming the file', () => {
    const other = join(folder(), 'sessions.sqlite');
    const database = new Database(other);
    database.pragma('user_version = 7');
    database.close();
    expect(() => sqliteSessionStore(other)).toThrow(
      `the browser session records at ${other} have layout 7, and this version reads 1; move the file away to start afresh`,
    );
    const junk = join(folder(), 'sessions.sqlite');
    writeFileSync(junk, 'not a database at all, just some text that is long enough to be read');
    expect(() => sqliteSessionStore(junk)).toThrow(
      `the browser session records at ${junk} could not be opened: file is not a database`,
    );
  });
});
