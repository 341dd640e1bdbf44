import { anthropicStrictProblems } from './anthropic-strict-problems.js';
import { copyArguments } from './decode-arguments.js';
import type { DialectBuilder } from './dialect-build.js';
import { createLossLog } from './loss-report.js';
import { resolvedSchema } from './resolved-schema.js';
import { stripForProvider } from './strip-for-provider.js';

/**
 * Anthropic Messages API tool: `{ name, description, input_schema }`, non-strict (full JSON Schema,
 * guided but not enforced by the provider; the runtime validates). The report judges whether
 * Anthropic's strict mode could take the tool.
 */
export const buildAnthropic: DialectBuilder = (tool, providerName) => {
  const log = createLossLog();
  const resolved = resolvedSchema(tool.name, tool.parameters, 'hoist', log);
  const inputSchema = stripForProvider(resolved, { log });
  return {
    declaration: { name: providerName, description: tool.description, input_schema: inputSchema },
    log,
    hasStrictMode: true,
    strictProblems: anthropicStrictProblems(inputSchema),
    decode: copyArguments,
  };
};
