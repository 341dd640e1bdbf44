import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parsePatch } from './parse-patch.js';
import { patchPaths } from './patch-paths.js';

describe('patchPaths', () => {
  it('names every Add, Delete and Update path and Move destination once, each as a write', () => {
    const input = [
      '*** Begin Patch',
      '*** Add File: new.txt',
      '+x',
      '*** Delete File: /etc/hosts',
      '*** Update File: a.txt',
      '*** Move to: ../b.txt',
      '@@',
      '-a',
      '*** Update File: a.txt',
      '-a',
      '*** End Patch',
    ].join('\n');
    expect(patchPaths(input)).toEqual([
      { path: 'new.txt', access: 'write' },
      { path: '/etc/hosts', access: 'write' },
      { path: 'a.txt', access: 'write' },
      { path: '../b.txt', access: 'write' },
    ]);
  });

  it('names nothing for a patch that does not parse (the handler refuses it) and for a non-string', () => {
    expect(patchPaths('*** Begin Patch\n*** Add File: x\n+x')).toEqual([]);
    expect(patchPaths(42 as never)).toEqual([]);
  });

  it('never throws, and names exactly the paths of the sections the handler will apply', () => {
    const line = fc.oneof(
      fc.constantFrom('*** Begin Patch', '*** End Patch', '*** Add File: a', '*** Update File: b', '*** Move to: c'),
      fc.constantFrom('*** Delete File: d', '@@', '@@ x', '+y', '-z', ' w', '', '*** End of File', "<<'EOF'", 'EOF'),
      fc.string({ maxLength: 12 }),
    );
    fc.assert(
      fc.property(fc.array(line, { maxLength: 12 }), fc.constantFrom('\n', '\r\n'), (lines, eol) => {
        const input = lines.join(eol);
        const named = patchPaths(input).map((named) => named.path);
        const parsed = parsePatch(input);
        const expected = parsed.ok
          ? parsed.sections.flatMap((s) =>
              s.kind === 'update' && s.moveTo !== undefined ? [s.path, s.moveTo] : [s.path],
            )
          : [];
        expect(new Set(named)).toEqual(new Set(expected));
      }),
      { numRuns: 500 },
    );
  });
});
