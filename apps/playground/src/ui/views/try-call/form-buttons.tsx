import type { IconButtonProps } from '@rjsf/utils';

/**
 * rjsf's array buttons draw Bootstrap glyph icons, which this page does not ship: these say what they do
 * in words instead, so they read well and a screen reader names them. rjsf's inline style (Bootstrap
 * spacing) is left out; try-call.css lays them out.
 */
function TextButton({ label, kind, props }: { label: string; kind: string; props: IconButtonProps }) {
  const {
    iconType: _type,
    icon: _icon,
    uiSchema: _ui,
    registry: _registry,
    style: _style,
    className,
    title: _title,
    ...rest
  } = props;
  return (
    <button {...rest} type="button" className={`form-button ${kind} ${className ?? ''}`}>
      {label}
    </button>
  );
}

function AddButton(props: IconButtonProps) {
  return <TextButton label="Add item" kind="add" props={props} />;
}

function CopyButton(props: IconButtonProps) {
  return <TextButton label="Copy" kind="copy" props={props} />;
}

function MoveDownButton(props: IconButtonProps) {
  return <TextButton label="Move down" kind="move" props={props} />;
}

function MoveUpButton(props: IconButtonProps) {
  return <TextButton label="Move up" kind="move" props={props} />;
}

function RemoveButton(props: IconButtonProps) {
  return <TextButton label="Remove" kind="remove" props={props} />;
}

function ClearButton(props: IconButtonProps) {
  return <TextButton label="Clear" kind="clear" props={props} />;
}

export const FORM_BUTTONS = { AddButton, CopyButton, MoveDownButton, MoveUpButton, RemoveButton, ClearButton };
