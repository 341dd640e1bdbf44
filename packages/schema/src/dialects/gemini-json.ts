import { copyArguments } from './decode-arguments.js';
import type { DialectBuilder } from './dialect-build.js';
import { createLossLog } from './loss-report.js';
import { resolvedSchema } from './resolved-schema.js';
import { stripForProvider } from './strip-for-provider.js';

/**
 * Gemini function declaration with real JSON Schema: `{ name, description, parametersJsonSchema }`.
 * Only our extension keywords and `$schema` are removed; refs are put in canonical form (inlined, or
 * `#/$defs/...` for recursion). Prefer it over `gemini` on models that take it (Gemini 2.5 and later).
 */
export const buildGeminiJson: DialectBuilder = (tool, providerName) => {
  const log = createLossLog();
  const resolved = resolvedSchema(tool.name, tool.parameters, 'hoist', log);
  return {
    declaration: {
      name: providerName,
      description: tool.description,
      parametersJsonSchema: stripForProvider(resolved, { log }),
    },
    log,
    hasStrictMode: false,
    strictProblems: [],
    decode: copyArguments,
  };
};
