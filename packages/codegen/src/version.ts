import { readFileSync } from 'node:fs';

let cached: string | undefined;

/** The version of @wesgine/codegen, read once from its package.json (same path from src/ and dist/). */
export function generatorVersion(): string {
  cached ??= (JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string })
    .version;
  return cached;
}
