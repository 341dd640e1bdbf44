/** Filled in by its helper: see CONTRACT. */
export function GovernanceView() {
  return (
    <section>
      <h1>GovernanceView</h1>
      <p>Arrives with its helper.</p>
    </section>
  );
}
