import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { missingPackage, missingPackageMessage } from './missing-package.js';

function notFound(message: string): Error {
  return Object.assign(new Error(message), { code: 'ERR_MODULE_NOT_FOUND' });
}

describe('missingPackage', () => {
  it('names the package Node could not find, scoped or not, and nothing else', () => {
    expect(missingPackage(notFound("Cannot find package '@wesgine/schema' imported from /p/tools/a.tool.ts"))).toBe(
      '@wesgine/schema',
    );
    expect(missingPackage(notFound("Cannot find package 'zod' imported from /p/x.ts"))).toBe('zod');
    expect(missingPackage(notFound("Cannot find module '/p/src/handlers/a.js' imported from /p/x.ts"))).toBeUndefined();
    expect(missingPackage(notFound("Cannot find module './b.js'"))).toBeUndefined();
    expect(missingPackage(new Error('boom'))).toBeUndefined();
  });
});

describe('missingPackageMessage', () => {
  it('says npm install when package.json lists the package, npm install <name> when it does not', () => {
    const root = mkdtempSync(join(tmpdir(), 'wesgine-missing-'));
    writeFileSync(join(root, 'package.json'), JSON.stringify({ dependencies: { '@wesgine/schema': '^0.1.0' } }));
    expect(missingPackageMessage(root, ['@wesgine/schema', '@wesgine/schema'])).toBe(
      `the pack imports '@wesgine/schema', which is not installed: run \`npm install\` in ${root}`,
    );
    expect(missingPackageMessage(root, ['zod', '@wesgine/schema'])).toBe(
      `the pack imports '@wesgine/schema', 'zod', which are not installed: run \`npm install zod\` in ${root} (package.json does not list it)`,
    );
  });
});
