import { useEffect, useState } from 'react';
import { usePlayground } from './api/playground-context.js';
import { type Route, routeHref, useRoute } from './router.js';
import { CatalogueView } from './views/catalogue/catalogue-view.js';
import { ToolView } from './views/catalogue/tool-view.js';
import { keepAuditLog } from './views/governance/audit-log.js';
import { GovernanceView } from './views/governance/governance-view.js';
import { LoopsView } from './views/loops/loops-view.js';
import { SourcesView } from './views/sources/sources-view.js';

const NAV: readonly { readonly label: string; readonly route: Route }[] = [
  { label: 'Catalogue', route: { view: 'catalogue' } },
  { label: 'Governance', route: { view: 'governance' } },
  { label: 'Loops', route: { view: 'loops' } },
  { label: 'Sources', route: { view: 'sources' } },
];

/** The page: a header with the views, and the view the URL's fragment names. */
export function App() {
  const route = useRoute();
  const { events, api } = usePlayground();
  // The audit log hears from the start, so Governance and Loops show calls made before they opened; it
  // reads the history once the stream is connected (so nothing falls between the two, and a refused
  // token is refused once, by the stream).
  useEffect(() => {
    const log = keepAuditLog(events);
    if (events.connected) void log.load(api);
    return events.onStatus((connected) => {
      if (connected) void log.load(api);
    });
  }, [events, api]);
  const current = route.view === 'tool' ? 'catalogue' : route.view;
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to the content
      </a>
      <header className="top">
        <a className="brand" href="#/catalogue">
          wesgine tools <span>playground</span>
        </a>
        <nav aria-label="Views">
          {NAV.map(({ label, route: target }) => (
            <a key={label} href={routeHref(target)} aria-current={target.view === current ? 'page' : undefined}>
              {label}
            </a>
          ))}
        </nav>
        <StreamStatus />
      </header>
      <main id="main" tabIndex={-1}>
        <CurrentView route={route} />
      </main>
    </>
  );
}

function CurrentView({ route }: { readonly route: Route }) {
  switch (route.view) {
    case 'catalogue':
      return <CatalogueView />;
    case 'tool':
      return <ToolView name={route.name} tab={route.tab} />;
    case 'governance':
      return <GovernanceView />;
    case 'loops':
      return <LoopsView />;
    case 'sources':
      return <SourcesView />;
  }
}

/** Whether the live event stream is connected: every live view depends on it. */
function StreamStatus() {
  const { events } = usePlayground();
  const [connected, setConnected] = useState(events.connected);
  useEffect(() => {
    const stop = events.onStatus(setConnected);
    // Opens the stream if no view has yet.
    const unlisten = events.listen(() => {});
    setConnected(events.connected);
    return () => {
      stop();
      unlisten();
    };
  }, [events]);
  return (
    <output className={connected ? 'live on' : 'live'} aria-live="polite">
      {connected ? 'live' : 'connecting…'}
    </output>
  );
}
