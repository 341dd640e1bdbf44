/** Filled in by its helper: see CONTRACT. */
export function LoopsView() {
  return (
    <section>
      <h1>LoopsView</h1>
      <p>Arrives with its helper.</p>
    </section>
  );
}
