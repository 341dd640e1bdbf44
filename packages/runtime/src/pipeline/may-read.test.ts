import { mkdirSync, mkdtempSync, realpathSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Type } from '@wesgine/schema';
import { describe, expect, it } from 'vitest';
import { createEngine } from '../engine/create-engine.js';

describe('context.mayRead', () => {
  it('judges found files by Hardline, the Sandbox roots and the Zone, counting ask as no', async () => {
    const root = realpathSync(mkdtempSync(join(tmpdir(), 'wesgine-may-read-')));
    const work = join(root, 'work');
    mkdirSync(join(work, 'private'), { recursive: true });
    const cell = createEngine().createCell({
      workDir: work,
      denyPaths: [join(work, 'private')],
      zone: {
        version: 1,
        zone: 'test/search',
        defaults: { exploration: 'allow', action: 'ask' },
        rules: [
          { id: 'no-env', effect: 'deny', tools: ['*'], paths: ['**/.env'], reason: 'secrets' },
          { id: 'ask-drafts', effect: 'ask', tools: ['*'], paths: ['drafts/**'], reason: 'drafts are private' },
        ],
      },
    });
    cell.tools().register({
      name: 'probe',
      description: 'Asks mayRead about each path.',
      parameters: Type.Object({ paths: Type.Array(Type.String()) }),
      meta: { readOnly: true },
      handler: ({ paths }, context) => paths.map((path) => `${path}: ${context.mayRead(path)}`).join('\n'),
    });
    const paths = ['src/a.ts', '.env', 'config/.env', 'drafts/x.md', 'private/notes.md'].map((path) =>
      join(work, path),
    );
    paths.push(join(root, 'elsewhere.txt'), '/etc/shadow', '/proc/self/environ');
    const result = await cell.run().call('probe', { paths });
    expect(result.text.split('\n').map((line) => line.endsWith('true'))).toEqual([
      true,
      false,
      false,
      false,
      false,
      false,
      false,
      false,
    ]);
  });
});
