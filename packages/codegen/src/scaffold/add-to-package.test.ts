import { describe, expect, it } from 'vitest';
import { planAddToPackage } from './add-to-package.js';
import { scaffoldPack } from './scaffold-pack.js';

const files = scaffoldPack({ name: 'app', wesgineVersion: '^1.0.0' });
const COMPLETE = JSON.stringify({
  name: 'app',
  version: '1.0.0',
  keywords: ['wesgine-tool-pack'],
  scripts: { gen: 'x', check: 'y' },
  dependencies: { '@wesgine/schema': '1', '@wesgine/codegen': '1', typescript: '1', '@types/node': '1' },
});

describe('planAddToPackage', () => {
  it('writes only what is absent, a folder marker only where the folder is absent, never the build files', () => {
    const present = new Set(['src', 'tsconfig.json']);
    const plan = planAddToPackage(files, (path) => present.has(path), COMPLETE, 'app');
    expect(plan.writes.map((file) => file.path)).toEqual([
      'tools/.gitkeep',
      'src/handlers/.gitkeep',
      'src/index.ts',
      'docs/tools.md',
    ]);
    expect(plan.added).toEqual(['tools/', 'src/handlers/', 'src/index.ts', 'docs/tools.md']);
    expect(plan.left.slice(0, 1)).toEqual(['tsconfig.json']);
  });

  it('writes nothing to a complete pack, and package.json only when it gains a key', () => {
    const all = () => true;
    expect(planAddToPackage(files, all, COMPLETE, 'app').writes).toEqual([]);
    const plan = planAddToPackage(files, all, '{"name":"app","version":"1.0.0"}', 'app');
    expect(plan.writes.map((file) => file.path)).toEqual(['package.json']);
    expect(plan.added[0]).toBe('package.json keywords "wesgine-tool-pack"');
  });
});
