import type { ToolTab } from '../../router.js';

/** Filled in by its helper: see CONTRACT. */
export function ToolView({ name, tab }: { readonly name: string; readonly tab: ToolTab }) {
  return (
    <section>
      <h1>{name}</h1>
      <p>{tab}</p>
    </section>
  );
}
