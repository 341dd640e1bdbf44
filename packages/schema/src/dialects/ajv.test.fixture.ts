// Ajv draft 2020-12 for the tests. Named `*.test.fixture.ts`: not a test, not shipped.
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import formats from 'ajv-formats';

// ajv-formats is CommonJS; under NodeNext its default import is the module object, whose `default` is the plugin.
const addFormats = formats.default;

/**
 * Compiles `schema` in a fresh Ajv 2020-12 instance (TypeBox ids such as `TreeNode` may repeat across
 * tools). `strict` turns on every Ajv strict check, so a stray keyword fails the compile.
 */
export function compile(schema: unknown, options: { readonly strict?: boolean } = {}): ValidateFunction {
  const ajv = new Ajv2020({ strict: options.strict ?? false, allErrors: true, strictTypes: false });
  addFormats(ajv);
  return ajv.compile(schema as Record<string, unknown>);
}

/** The Ajv errors of `value` under `validate`, as `instancePath message` lines; empty when valid. */
export function errorsOf(validate: ValidateFunction, value: unknown): string[] {
  if (validate(value)) return [];
  return (validate.errors ?? []).map((error) => `${error.instancePath || '/'} ${error.message ?? error.keyword}`);
}
