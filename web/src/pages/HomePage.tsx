export function HomePage() {
  return (
    <section data-testid="home">
      <h1>Menu</h1>
      <p className="text-body-secondary">The menu will appear here.</p>
    </section>
  );
}
