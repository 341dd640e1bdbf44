/** Filled in by its helper: see CONTRACT. */
export function CatalogueView() {
  return (
    <section>
      <h1>CatalogueView</h1>
      <p>Arrives with its helper.</p>
    </section>
  );
}
