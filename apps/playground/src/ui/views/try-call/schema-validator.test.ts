import type { RJSFSchema } from '@rjsf/utils';
import { describe, expect, it } from 'vitest';
import { formSchema, formUiSchema } from './form-ui-schema.js';
import { plain, pointerToProperty, schemaValidator } from './schema-validator.js';

// The memory tool's shape: a union of constants (how TypeBox writes literals), an array, a long text.
const parameters = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  type: 'object',
  required: ['command'],
  properties: {
    command: {
      description: 'What to do.',
      anyOf: [
        { const: 'view', type: 'string' },
        { const: 'create', type: 'string' },
      ],
    },
    path: { type: 'string', maxLength: 1024, 'x-wesgine-path': 'read' },
    file_text: { type: 'string', maxLength: 65536 },
    view_range: { type: 'array', minItems: 2, maxItems: 2, items: { type: 'integer', minimum: -1 } },
    edits: {
      type: 'array',
      items: {
        type: 'object',
        required: ['old_string'],
        properties: { old_string: { type: 'string' } },
        additionalProperties: false,
      },
    },
  },
  additionalProperties: false,
};

describe('formSchema', () => {
  it('draws a union of constants as an enum and drops $schema, keeping everything else', () => {
    const schema = formSchema(parameters);
    expect(schema.$schema).toBeUndefined();
    expect((schema.properties as Record<string, unknown>).command).toEqual({
      description: 'What to do.',
      type: 'string',
      enum: ['view', 'create'],
    });
    expect((schema.properties as Record<string, unknown>).path).toEqual(parameters.properties.path);
  });

  it('gives whole texts a multi-line box and one-line values a line', () => {
    const ui = formUiSchema(formSchema(parameters));
    expect(ui.file_text).toEqual({ 'ui:widget': 'textarea', 'ui:options': { rows: 5 } });
    expect(ui.path).toEqual({ 'ui:autocomplete': 'off' });
    expect(ui.edits).toEqual({ items: { old_string: { 'ui:widget': 'textarea', 'ui:options': { rows: 5 } } } });
  });
});

describe('schemaValidator', () => {
  const validator = schemaValidator();
  const schema = formSchema(parameters) as RJSFSchema;

  it("puts the toolkit's messages, checked against the original schema, on the fields they name", () => {
    const { errors, errorSchema } = validator.validateFormData(
      { command: 'delete', view_range: [1], edits: [{}] },
      schema,
    );
    expect(errors.map((error) => [error.property, error.message])).toEqual([
      ['.command', 'must be "view" or "create", got "delete" (a string)'],
      ['.view_range', 'must have at least 2 items, got 1'],
      ['.edits.0.old_string', 'is required but missing; expected a string'],
    ]);
    expect(errorSchema).toEqual({
      command: { __errors: ['must be "view" or "create", got "delete" (a string)'] },
      view_range: { __errors: ['must have at least 2 items, got 1'] },
      edits: { 0: { old_string: { __errors: ['is required but missing; expected a string'] } } },
    });
  });

  it('sees a cleared optional field as absent, as the request will', () => {
    expect(validator.validateFormData({ command: 'view', path: undefined }, schema).errors).toEqual([]);
    expect(plain({ command: 'view', path: undefined })).toEqual({ command: 'view' });
    expect(plain(undefined)).toEqual({});
  });

  it('answers isValid for the sub-schemas rjsf asks about, references into the root included', () => {
    const root = { $defs: { small: { type: 'integer', maximum: 3 } } } as RJSFSchema;
    expect(validator.isValid({ type: 'string' }, 'a', root)).toBe(true);
    expect(validator.isValid({ type: 'string' }, 1, root)).toBe(false);
    expect(validator.isValid({ $ref: '__rjsf_rootSchema#/$defs/small' }, 2, root)).toBe(true);
    expect(validator.isValid({ $ref: '__rjsf_rootSchema#/$defs/small' }, 9, root)).toBe(false);
    expect(validator.isValid({ type: 'object', unevaluatedProperties: false } as RJSFSchema, {}, root)).toBe(false);
  });
});

describe('pointerToProperty', () => {
  it("turns a JSON pointer into rjsf's property path", () => {
    expect(pointerToProperty('')).toBe('');
    expect(pointerToProperty('/edits/0/old_string')).toBe('.edits.0.old_string');
    expect(pointerToProperty('/a~1b/c.d')).toBe(".a/b['c.d']");
  });
});
