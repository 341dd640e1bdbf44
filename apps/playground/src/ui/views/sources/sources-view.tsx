/** Filled in by its helper: see CONTRACT. */
export function SourcesView() {
  return (
    <section>
      <h1>SourcesView</h1>
      <p>Arrives with its helper.</p>
    </section>
  );
}
