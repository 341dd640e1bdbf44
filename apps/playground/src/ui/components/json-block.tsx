/** A JSON value, indented, in a scrollable region a keyboard can reach. */
export function JsonBlock({ value, label }: { readonly value: unknown; readonly label: string }) {
  return (
    <section className="json-region" aria-label={label}>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling block must be reachable by keyboard. */}
      <pre className="json" tabIndex={0}>
        {JSON.stringify(value, null, 2)}
      </pre>
    </section>
  );
}
