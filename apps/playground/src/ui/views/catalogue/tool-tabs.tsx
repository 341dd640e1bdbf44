import { type KeyboardEvent, useRef } from 'react';
import { routeHref, type ToolTab } from '../../router.js';

export const TAB_LABELS: Readonly<Record<ToolTab, string>> = {
  try: 'Try it',
  schema: 'Schema',
  dialects: 'Dialects',
  docs: 'Docs',
};

const ORDER: readonly ToolTab[] = ['try', 'schema', 'dialects', 'docs'];

export function tabId(tab: ToolTab): string {
  return `tool-tab-${tab}`;
}

export function panelId(tab: ToolTab): string {
  return `tool-panel-${tab}`;
}

/**
 * The tool page's tabs, as the ARIA tabs pattern has them: one stop in the Tab order, arrow keys (and
 * Home, End) move between them and open the one reached. The open tab is in the URL, so a reload or a
 * shared link opens it again.
 */
export function ToolTabs({ name, current }: { readonly name: string; readonly current: ToolTab }) {
  const buttons = useRef(new Map<ToolTab, HTMLButtonElement>());
  const open = (tab: ToolTab, focus: boolean) => {
    window.location.hash = routeHref({ view: 'tool', name, tab });
    if (focus) buttons.current.get(tab)?.focus();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const at = ORDER.indexOf(current);
    const next =
      event.key === 'ArrowRight'
        ? ORDER[(at + 1) % ORDER.length]
        : event.key === 'ArrowLeft'
          ? ORDER[(at - 1 + ORDER.length) % ORDER.length]
          : event.key === 'Home'
            ? ORDER[0]
            : event.key === 'End'
              ? ORDER[ORDER.length - 1]
              : undefined;
    if (next === undefined) return;
    event.preventDefault();
    open(next, true);
  };
  return (
    <div className="tool-tabs" role="tablist" aria-label="Tool views">
      {ORDER.map((tab) => (
        <button
          key={tab}
          ref={(element) => {
            if (element === null) buttons.current.delete(tab);
            else buttons.current.set(tab, element);
          }}
          type="button"
          role="tab"
          id={tabId(tab)}
          aria-selected={tab === current}
          aria-controls={panelId(tab)}
          tabIndex={tab === current ? 0 : -1}
          onClick={() => open(tab, false)}
          onKeyDown={onKeyDown}
        >
          {TAB_LABELS[tab]}
        </button>
      ))}
    </div>
  );
}
