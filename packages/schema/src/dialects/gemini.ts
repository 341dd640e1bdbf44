import { createDecoder } from './decode-arguments.js';
import type { DialectBuilder } from './dialect-build.js';
import { toGeminiSchema } from './gemini-schema.js';
import { createLossLog } from './loss-report.js';
import { resolvedSchema } from './resolved-schema.js';
import { isRecord } from './schema-node.js';

/**
 * Gemini function declaration with `parameters` in the OpenAPI 3.0 subset: `{ name, description,
 * parameters }`, `parameters` left out when the tool takes no arguments. Recursive schemas cannot be
 * written in the subset: they are expanded once and cut (a `dropped` `$ref` entry says where); the
 * `gemini-json` dialect sends them whole. The decoder turns string-encoded enum values back into numbers
 * and booleans.
 */
export const buildGemini: DialectBuilder = (tool, providerName) => {
  const log = createLossLog();
  const cutAdvice = "Gemini 'parameters' cannot express recursion; the gemini-json dialect can";
  const resolved = resolvedSchema(tool.name, tool.parameters, 'cut', log, { cutAdvice });
  const parameters = toGeminiSchema(resolved, { log });
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
    decode: createDecoder(resolvedSchema(tool.name, tool.parameters, 'hoist'), { stringLiterals: true }),
  };
};
