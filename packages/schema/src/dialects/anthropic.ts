import { anthropicStrictProblems } from './anthropic-strict-problems.js';
import { copyArguments, createDecoder } from './decode-arguments.js';
import type { DialectBuilder } from './dialect-build.js';
import { createLossLog } from './loss-report.js';
import { ANTHROPIC_PROPERTY_NAMES, renameProperties } from './property-names.js';
import { resolvedSchema } from './resolved-schema.js';
import { stripForProvider } from './strip-for-provider.js';

/**
 * Anthropic Messages API tool: `{ name, description, input_schema }`, non-strict (full JSON Schema,
 * guided but not enforced by the provider; the runtime validates). The report judges whether
 * Anthropic's strict mode could take the tool. Property names outside `[A-Za-z0-9_.-]{1,64}` are sent
 * renamed and named back by the decoder.
 */
export const buildAnthropic: DialectBuilder = (tool, providerName) => {
  const log = createLossLog();
  const resolved = resolvedSchema(tool.name, tool.parameters, 'hoist', log);
  const renamed = renameProperties(resolved, ANTHROPIC_PROPERTY_NAMES, { log });
  const inputSchema = stripForProvider(renamed.schema, { log });
  return {
    declaration: { name: providerName, description: tool.description, input_schema: inputSchema },
    log,
    hasStrictMode: true,
    strictProblems: anthropicStrictProblems(inputSchema),
    decode:
      renamed.renamed.length === 0
        ? copyArguments
        : createDecoder(resolved, { propertyNames: ANTHROPIC_PROPERTY_NAMES }),
    propertyNames: renamed.renamed,
  };
};
