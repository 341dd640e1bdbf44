import { describe, expect, it } from 'vitest';
import { type ImportRecord, readRecord, recordSource, sourceOf } from './import-record.js';

const record: ImportRecord = {
  name: 'fs',
  server: { name: 'secure-filesystem-server', version: '0.2.0' },
  source: { transport: 'stdio', command: 'npx', args: ['mcp-server-filesystem', '.'], cwd: '..' },
  tools: { read_file: 'sha256-1' },
};
const text = (value: unknown) =>
  `// banner\n\nexport const fsServer = ${JSON.stringify(value, null, 2)} as const;\n\nexport interface X {}\n`;

describe('the import record of a generated file', () => {
  it('is read back from the file as it was written', () => {
    expect(readRecord(text(record))).toEqual({ ok: true, record });
  });

  it('keeps a stdio folder relative to the file, and makes it absolute again from there', () => {
    const source = { transport: 'stdio', command: 'node', args: ['s.js'], cwd: '/work/app' } as const;
    expect(recordSource(source, '/work/app/src/mcp')).toEqual({ ...source, cwd: '../..' });
    expect(sourceOf({ ...record, source: recordSource(source, '/work/app/src/mcp') }, '/work/app/src/mcp')).toEqual(
      source,
    );
    expect(recordSource(source, '/work/app')).toEqual({ ...source, cwd: '.' });
    expect(recordSource({ transport: 'http', url: 'http://127.0.0.1:1/mcp' }, '/x')).toEqual({
      transport: 'http',
      url: 'http://127.0.0.1:1/mcp',
    });
  });

  it.each([
    ['export const x = 1;\n', 'has no import record (its `...Server` constant)'],
    ['export const fsServer = {\n  "name": \n} as const;\n', 'has an import record that is not valid JSON'],
    [text({ ...record, name: 1 }), 'has an import record without a server name'],
    [text({ ...record, prefix: 2 }), 'has an import record whose prefix is not text'],
    [text({ ...record, server: { name: 'x' } }), 'has an import record without the server name and version'],
    [text({ ...record, tools: { a: 1 } }), 'has an import record without its tool fingerprints'],
    [
      text({ ...record, source: { transport: 'stdio', command: 'node', args: [1], cwd: '.' } }),
      'has an import record without a usable source (a stdio command or an http url)',
    ],
    [
      text({ ...record, source: { transport: 'ws', url: 'ws://x' } }),
      'has an import record without a usable source (a stdio command or an http url)',
    ],
  ])('refuses a broken record: %#', (input, reason) => {
    expect(readRecord(input)).toEqual({ ok: false, reason });
  });
});
