import { type FieldTemplateProps, getTemplate, getUiOptions } from '@rjsf/utils';

/**
 * rjsf's field layout with one change: the required mark is drawn for the eye only. The input says
 * `required` itself, so a field's accessible name is its parameter's name (`path`), not `path*`.
 */
export function FieldTemplate(props: FieldTemplateProps) {
  const { id, label, children, errors, help, description, hidden, required, displayLabel, registry, uiSchema } = props;
  const uiOptions = getUiOptions(uiSchema);
  const WrapIfAdditionalTemplate = getTemplate('WrapIfAdditionalTemplate', registry, uiOptions);
  if (hidden) return <div className="hidden">{children}</div>;
  const isCheckbox = uiOptions.widget === 'checkbox';
  return (
    <WrapIfAdditionalTemplate {...props}>
      {displayLabel && !isCheckbox && label ? (
        <label className="control-label" htmlFor={id}>
          {label}
          {required ? (
            <span className="required" aria-hidden="true" title="required">
              *
            </span>
          ) : null}
        </label>
      ) : null}
      {displayLabel && description ? description : null}
      {children}
      {errors}
      {help}
    </WrapIfAdditionalTemplate>
  );
}
