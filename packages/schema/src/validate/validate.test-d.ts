import { type Static, Type } from '@sinclair/typebox';
import { describe, expectTypeOf, it } from 'vitest';
import { defineTool } from '../tool/define-tool.js';
import { compileValidator } from './compile-validator.js';
import { validate } from './validate.js';
import type { ValidationIssue } from './validation-issue.js';

const read = defineTool({
  name: 'read_file',
  description: 'Read a file.',
  parameters: Type.Object({ path: Type.String(), limit: Type.Optional(Type.Integer()) }),
});

describe('validate types', () => {
  it('narrows the ok branch to the tool arguments', () => {
    const result = validate(read, JSON.parse('{}'));
    if (result.ok) {
      expectTypeOf(result.value).toEqualTypeOf<Static<typeof read.parameters>>();
      expectTypeOf(result.value).toEqualTypeOf<{ path: string; limit?: number }>();
      // @ts-expect-error a valid result has no issues
      void result.issues;
    } else {
      expectTypeOf(result.issues).toEqualTypeOf<ValidationIssue[]>();
      // @ts-expect-error an invalid result has no value
      void result.value;
    }
  });

  it('makes check a type guard', () => {
    const validator = compileValidator(read.parameters);
    const value: unknown = JSON.parse('{}');
    if (validator.check(value)) expectTypeOf(value).toEqualTypeOf<{ path: string; limit?: number }>();
    expectTypeOf(validator.errors).returns.toEqualTypeOf<ValidationIssue[]>();
  });
});
