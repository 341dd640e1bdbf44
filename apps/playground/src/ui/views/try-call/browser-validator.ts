import { compileValidator, type TSchema, type ValidationIssue, type Validator } from '@wesgine/schema';

/** The toolkit's own validator for a tool's parameters, or why the browser cannot build one. */
export type BrowserValidator =
  | { readonly ok: true; readonly validator: Validator }
  | { readonly ok: false; readonly problem: string };

const compiled = new WeakMap<object, BrowserValidator>();

/**
 * Compiles the JSON Schema `GET /catalogue` gives with `compileValidator`, the same code the runtime runs
 * on every call, so the issues the page shows are the ones a model would get. A schema it cannot compile
 * (a keyword it does not support, from an MCP server say) is not the person's mistake: the page says so
 * and leaves the check to the runtime.
 */
export function browserValidator(schema: Record<string, unknown>): BrowserValidator {
  const known = compiled.get(schema);
  if (known !== undefined) return known;
  let made: BrowserValidator;
  try {
    made = { ok: true, validator: compileValidator(schema as unknown as TSchema) };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    made = { ok: false, problem: `The page cannot check these arguments itself (${reason}); the runtime will.` };
  }
  compiled.set(schema, made);
  return made;
}

/** Every issue with `args`; none when the browser has no validator for the schema. */
export function issuesOf(checker: BrowserValidator, args: unknown): ValidationIssue[] {
  return checker.ok ? checker.validator.errors(args) : [];
}
