import Form from '@rjsf/core';
import type { RJSFSchema } from '@rjsf/utils';
import { type ReactNode, useMemo, useState } from 'react';
import { FORM_BUTTONS } from './form-buttons.js';
import { FieldTemplate } from './form-field-template.js';
import { formSchema, formUiSchema } from './form-ui-schema.js';
import { plain, schemaValidator } from './schema-validator.js';

// One validator for every form on the page: it keeps the sub-schemas it compiled.
const validator = schemaValidator();

/**
 * The tool's parameters as a form (rjsf), checked by the toolkit's own validator when sent and, after a
 * first attempt, as the person types. `children` is the submit button.
 */
export function ArgumentsForm({
  parameters,
  value,
  onChange,
  onSubmit,
  children,
}: {
  readonly parameters: Record<string, unknown>;
  readonly value: Record<string, unknown>;
  readonly onChange: (value: Record<string, unknown>) => void;
  readonly onSubmit: (args: Record<string, unknown>) => void;
  readonly children: ReactNode;
}) {
  const schema = useMemo(() => formSchema(parameters), [parameters]);
  const uiSchema = useMemo(() => formUiSchema(schema), [schema]);
  const [tried, setTried] = useState(false);
  return (
    <Form
      className="arguments-form"
      schema={schema as RJSFSchema}
      uiSchema={uiSchema}
      validator={validator}
      formData={value}
      templates={{ ButtonTemplates: FORM_BUTTONS, FieldTemplate }}
      showErrorList={false}
      noHtml5Validate
      focusOnFirstError
      {...(tried ? { liveValidate: 'onChange' as const } : {})}
      experimental_defaultFormStateBehavior={{ arrayMinItems: { populate: 'requiredOnly' } }}
      onChange={(event) => onChange((event.formData ?? {}) as Record<string, unknown>)}
      onError={() => setTried(true)}
      onSubmit={(event) => onSubmit(plain(event.formData) as Record<string, unknown>)}
    >
      {children}
    </Form>
  );
}
