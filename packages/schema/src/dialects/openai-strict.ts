import { createDecoder } from './decode-arguments.js';
import type { DialectBuilder } from './dialect-build.js';
import { createLossLog } from './loss-report.js';
import { toOpenAiStrictSchema } from './openai-strict-schema.js';
import { resolvedSchema } from './resolved-schema.js';

/**
 * OpenAI function tool in strict mode, Responses API shape:
 * `{ type: 'function', name, description, parameters, strict: true }` (for Chat Completions wrap it as
 * `{ type: 'function', function: { name, description, parameters, strict } }`). When the schema cannot
 * be strict (see the report's `strictProblems`) the declaration says `strict: false`, so a request built
 * from it is still accepted; the rewrites (nullable optionals, closed objects) stay and the decoder
 * still applies.
 */
export const buildOpenAiStrict: DialectBuilder = (tool, providerName) => {
  const log = createLossLog();
  const resolved = resolvedSchema(tool.name, tool.parameters, 'hoist', log);
  const { schema, problems } = toOpenAiStrictSchema(resolved, { log });
  return {
    declaration: {
      type: 'function',
      name: providerName,
      description: tool.description,
      parameters: schema,
      strict: problems.length === 0,
    },
    log,
    hasStrictMode: true,
    strictProblems: problems,
    decode: createDecoder(resolvedSchema(tool.name, tool.parameters, 'hoist'), { nullOptionals: true }),
  };
};
