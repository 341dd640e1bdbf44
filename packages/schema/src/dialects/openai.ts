import { copyArguments } from './decode-arguments.js';
import type { DialectBuilder } from './dialect-build.js';
import { createLossLog, createSilentLog } from './loss-report.js';
import { toOpenAiStrictSchema } from './openai-strict-schema.js';
import { resolvedSchema } from './resolved-schema.js';
import { stripForProvider } from './strip-for-provider.js';

/**
 * OpenAI function tool without strict mode: `{ type: 'function', name, description, parameters,
 * strict: false }`. Optional properties stay optional and every JSON Schema keyword stays; the model is
 * guided, not constrained. The report still judges strict mode (same problems as `openai-strict`).
 */
export const buildOpenAi: DialectBuilder = (tool, providerName) => {
  const log = createLossLog();
  const resolved = resolvedSchema(tool.name, tool.parameters, 'hoist', log);
  const { problems } = toOpenAiStrictSchema(resolved, { log: createSilentLog() });
  return {
    declaration: {
      type: 'function',
      name: providerName,
      description: tool.description,
      parameters: stripForProvider(resolved, { log }),
      strict: false,
    },
    log,
    hasStrictMode: true,
    strictProblems: problems,
    decode: copyArguments,
  };
};
