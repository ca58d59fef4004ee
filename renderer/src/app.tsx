// The window's shell. Views (map, threads, decision packages, notes) arrive with the
// renderer issue; it talks to main only through the contract client (window.watchfloor).
export function App() {
  return (
    <main data-testid="app-shell">
      <h1>Watchfloor</h1>
    </main>
  );
}
