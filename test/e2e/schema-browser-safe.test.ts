import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// @wesgine/schema must bundle for the browser (the playground uses it): no Node built-ins in its source.
// Its tsconfig also sets `types: []`, so a Node global fails its type check.

describe('@wesgine/schema stays browser-safe', () => {
  it('imports nothing from Node in its source', () => {
    const src = new URL('../../packages/schema/src/', import.meta.url);
    const files = (readdirSync(src, { recursive: true }) as string[]).filter(
      (file) => file.endsWith('.ts') && !/\.test(-d)?\.ts$|\.test\.fixture\.ts$/.test(file),
    );
    const offenders = files.filter((file) =>
      /from '(node:|fs|path|os|child_process|crypto)['/]/.test(readFileSync(new URL(file, src), 'utf8')),
    );
    expect(files.length).toBeGreaterThan(20);
    expect(offenders).toEqual([]);
  });
});
