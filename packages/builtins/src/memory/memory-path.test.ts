import { ToolError } from '@wesgine/schema';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isWithin, memoryPath, parentFolders } from './memory-path.js';

/** The code and message `memoryPath` refuses `raw` with. */
function refusal(raw: string): string {
  try {
    return `accepted as ${memoryPath(raw, 'path')}`;
  } catch (error) {
    if (!ToolError.isInstance(error)) throw error;
    return `${error.code}: ${error.message}`;
  }
}

describe('memoryPath', () => {
  it('keeps canonical paths, drops one trailing slash, and composes to NFC', () => {
    expect(memoryPath('/memories', 'path')).toBe('/memories');
    expect(memoryPath('/memories/', 'path')).toBe('/memories');
    expect(memoryPath('/memories/notes/today.md', 'path')).toBe('/memories/notes/today.md');
    expect(memoryPath('/memories/notes/', 'path')).toBe('/memories/notes');
    expect(memoryPath('/memories/cafe\u0301.md', 'path')).toBe('/memories/caf\u00e9.md');
    expect(memoryPath('/memories/with space & ünïcode 🙂.md', 'path')).toBe('/memories/with space & ünïcode 🙂.md');
  });

  it('refuses every way out of the root, and every malformed path, with a specific message', () => {
    expect(
      [
        '/memories/../../etc/passwd',
        '/memories/a/../../b',
        '/memories/..',
        '/etc/passwd',
        'notes.md',
        'memories/notes.md',
        '/memoriesX/a',
        '/Memories/a',
        '/memories/./a',
        '/memories//a',
        '/memories/a//',
        '/memories\\..\\x',
        '/memories/a\u0000.md',
        '/memories/a\nb',
        '/memories/\u202egnp.exe',
        '/memories/zero\u200bwidth',
        '/memories/\ud800',
        `/memories/${'n'.repeat(256)}`,
      ].map(refusal),
    ).toMatchInlineSnapshot(`
      [
        "path_not_allowed: path "/memories/../../etc/passwd" uses '..', which could leave /memories; write the path out in full from /memories/.",
        "path_not_allowed: path "/memories/a/../../b" uses '..', which could leave /memories; write the path out in full from /memories/.",
        "path_not_allowed: path "/memories/.." uses '..', which could leave /memories; write the path out in full from /memories/.",
        "path_not_allowed: path "/etc/passwd" is outside the memory store: every memory path starts with /memories/, as in /memories/notes.md.",
        "path_not_allowed: path "notes.md" is outside the memory store: every memory path starts with /memories/, as in /memories/notes.md.",
        "path_not_allowed: path "memories/notes.md" is outside the memory store: every memory path starts with /memories/, as in /memories/notes.md.",
        "path_not_allowed: path "/memoriesX/a" is outside the memory store: every memory path starts with /memories/, as in /memories/notes.md.",
        "path_not_allowed: path "/Memories/a" is outside the memory store: every memory path starts with /memories/, as in /memories/notes.md.",
        "invalid_arguments: path "/memories/./a" has a '.' segment; write the path plainly, each name once, as in /memories/notes/today.md.",
        "invalid_arguments: path "/memories//a" has an empty segment (//); write the path plainly, each name once, as in /memories/notes/today.md.",
        "invalid_arguments: path "/memories/a//" has an empty segment (//); write the path plainly, each name once, as in /memories/notes/today.md.",
        "invalid_arguments: path "/memories\\\\..\\\\x" holds a backslash; memory paths separate folders with / only, as in /memories/notes/today.md.",
        "invalid_arguments: path "/memories/a\\u0000.md" holds a control or invisible character; use plain printable characters in memory paths.",
        "invalid_arguments: path "/memories/a\\nb" holds a control or invisible character; use plain printable characters in memory paths.",
        "invalid_arguments: path "/memories/\\u202egnp.exe" holds a control or invisible character; use plain printable characters in memory paths.",
        "invalid_arguments: path "/memories/zero\\u200bwidth" holds a control or invisible character; use plain printable characters in memory paths.",
        "invalid_arguments: path is not valid Unicode (it holds half of a surrogate pair).",
        "invalid_arguments: path has a name of 256 characters; each name in a memory path may have at most 255.",
      ]
    `);
  });

  it('never accepts a path that is not /memories or under it, nor one with a dot segment (property)', () => {
    const segment = fc.constantFrom('a', 'b', '..', '.', '', 'memories', '\\', '%2e%2e', '\u0000', 'é');
    fc.assert(
      fc.property(
        fc.array(segment, { maxLength: 6 }),
        fc.constantFrom('/memories/', '/', '', '/memories'),
        (parts, start) => {
          const raw = start + parts.join('/');
          let canonical: string;
          try {
            canonical = memoryPath(raw, 'path');
          } catch (error) {
            expect(ToolError.isInstance(error)).toBe(true);
            return;
          }
          expect(canonical === '/memories' || canonical.startsWith('/memories/')).toBe(true);
          expect(canonical.split('/').slice(2)).not.toContain('..');
          expect(canonical.split('/').slice(2)).not.toContain('.');
          expect(canonical.split('/').slice(2)).not.toContain('');
          expect(memoryPath(canonical, 'path')).toBe(canonical);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('lists the folders above a path and tells containment by whole names', () => {
    expect(parentFolders('/memories/a/b/c.md')).toEqual(['/memories/a', '/memories/a/b']);
    expect(parentFolders('/memories/c.md')).toEqual([]);
    expect(isWithin('/memories/a/b', '/memories/a')).toBe(true);
    expect(isWithin('/memories/a', '/memories/a')).toBe(true);
    expect(isWithin('/memories/ab', '/memories/a')).toBe(false);
  });
});
