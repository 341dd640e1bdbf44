import {
  type CustomValidator,
  createErrorHandler,
  type ErrorTransformer,
  getDefaultFormState,
  type RJSFSchema,
  type RJSFValidationError,
  toErrorSchema,
  type UiSchema,
  unwrapErrorHandler,
  type ValidationData,
  type ValidatorType,
  validationDataMerge,
} from '@rjsf/utils';
import type { ValidationIssue } from '@wesgine/schema';
import { browserValidator } from './browser-validator.js';
import { originalSchema } from './form-ui-schema.js';

/** How rjsf names the root schema inside the sub-schemas it hands `isValid`. */
const ROOT_PREFIX = '__rjsf_rootSchema';

/** The most sub-schemas `isValid` keeps compiled: a form asks about the same few again and again. */
const KEPT = 200;

/**
 * rjsf's validator interface over `@wesgine/schema`'s `compileValidator` instead of Ajv: the form shows
 * the very messages the runtime sends a model (and the page ships one validator, not two).
 */
export function schemaValidator(): ValidatorType {
  const subSchemas = new Map<string, Record<string, unknown>>();
  const validator: ValidatorType = {
    validateFormData(
      formData: unknown,
      schema: RJSFSchema,
      customValidate?: CustomValidator,
      transformErrors?: ErrorTransformer,
      uiSchema?: UiSchema,
    ): ValidationData<unknown> {
      const checker = browserValidator(originalSchema(schema) ?? (schema as Record<string, unknown>));
      const issues = checker.ok ? checker.validator.errors(plain(formData)) : [];
      let errors = issues.map(toRjsfError);
      if (typeof transformErrors === 'function') errors = transformErrors(errors, uiSchema);
      const errorSchema = toErrorSchema(errors);
      if (typeof customValidate !== 'function') return { errors, errorSchema };
      const full = getDefaultFormState(validator, schema, formData, schema, true);
      const handler = customValidate(full, createErrorHandler(full), uiSchema, errorSchema);
      return validationDataMerge({ errors, errorSchema }, unwrapErrorHandler(handler));
    },
    isValid(schema: RJSFSchema, formData: unknown, rootSchema: RJSFSchema): boolean {
      const key = JSON.stringify(schema);
      let standalone = subSchemas.get(key);
      if (standalone === undefined) {
        standalone = withRoot(key, rootSchema as Record<string, unknown>);
        if (subSchemas.size >= KEPT) subSchemas.clear();
        subSchemas.set(key, standalone);
      }
      const checker = browserValidator(standalone);
      return checker.ok && checker.validator.check(plain(formData));
    },
    rawValidation<Result>(schema: RJSFSchema, formData?: unknown): { errors?: Result[]; validationError?: Error } {
      const checker = browserValidator(schema as Record<string, unknown>);
      if (!checker.ok) return { validationError: new Error(checker.problem) };
      return { errors: checker.validator.errors(plain(formData)) as Result[] };
    },
  };
  return validator;
}

/** One issue as rjsf shows it: on the field its pointer names, with the toolkit's message. */
export function toRjsfError(issue: ValidationIssue): RJSFValidationError {
  const property = pointerToProperty(issue.path);
  return {
    name: issue.keyword,
    property,
    message: issue.message,
    stack: property === '' ? issue.message : `${property.replace(/^\./, '')} ${issue.message}`,
  };
}

/** `/edits/0/old_string` → `.edits.0.old_string`; keys with dots or brackets in bracket form. */
export function pointerToProperty(pointer: string): string {
  if (pointer === '') return '';
  return pointer
    .slice(1)
    .split('/')
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
    .map((part) => (/^[^.[\]'"]+$/.test(part) ? `.${part}` : `['${part.replace(/'/g, "\\'")}']`))
    .join('');
}

/**
 * The form's data as JSON would carry it: rjsf keeps a cleared optional field as `undefined`, which no
 * request sends and the validator must not see as a value.
 */
export function plain(value: unknown): unknown {
  return value === undefined ? {} : JSON.parse(JSON.stringify(value));
}

/** A sub-schema rjsf asks about, made whole: its references into the root point at definitions beside it. */
function withRoot(key: string, root: Record<string, unknown>): Record<string, unknown> {
  const schema = JSON.parse(key.split(`"${ROOT_PREFIX}#`).join('"#')) as Record<string, unknown>;
  if (!key.includes('"$ref"')) return schema;
  return {
    ...schema,
    ...(root.$defs === undefined || schema.$defs !== undefined ? {} : { $defs: root.$defs }),
    ...(root.definitions === undefined || schema.definitions !== undefined ? {} : { definitions: root.definitions }),
  };
}
