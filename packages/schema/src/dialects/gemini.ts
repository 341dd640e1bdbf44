import { createDecoder } from './decode-arguments.js';
import type { DialectBuilder } from './dialect-build.js';
import { toGeminiSchema } from './gemini-schema.js';
import { createLossLog } from './loss-report.js';
import { GEMINI_PROPERTY_NAMES, renameProperties } from './property-names.js';
import { resolvedSchema } from './resolved-schema.js';
import { isRecord } from './schema-node.js';

/**
 * Gemini function declaration with `parameters` in the OpenAPI 3.0 subset: `{ name, description,
 * parameters }`, `parameters` left out when the tool takes no arguments. Recursive schemas cannot be
 * written in the subset: they are expanded once and cut (a `dropped` `$ref` entry says where); the
 * `gemini-json` dialect sends them whole. Property names Gemini forbids (`-A`, `a.b`, `2fa`) are sent
 * renamed (`_A`, `a_b`, `_2fa`; see `providerPropertyNames`). The decoder names them back, then turns
 * string-encoded enum values back into numbers and booleans.
 */
export const buildGemini: DialectBuilder = (tool, providerName) => {
  const log = createLossLog();
  const cutAdvice = "Gemini 'parameters' cannot express recursion; the gemini-json dialect can";
  const resolved = resolvedSchema(tool.name, tool.parameters, 'cut', log, { cutAdvice });
  const renamed = renameProperties(resolved, GEMINI_PROPERTY_NAMES, { log });
  const parameters = toGeminiSchema(renamed.schema, { log });
  const empty = !isRecord(parameters.properties) || Object.keys(parameters.properties).length === 0;
  return {
    declaration: {
      name: providerName,
      description: tool.description,
      ...(empty ? {} : { parameters }),
    },
    log,
    hasStrictMode: false,
    strictProblems: [],
    decode: createDecoder(resolvedSchema(tool.name, tool.parameters, 'hoist'), {
      stringLiterals: true,
      propertyNames: GEMINI_PROPERTY_NAMES,
    }),
    propertyNames: renamed.renamed,
  };
};
