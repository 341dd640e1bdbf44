import { lazy, type ReactNode, Suspense, useState } from 'react';
import type { CatalogueEntry } from '../../api/types.js';
import { ErrorNote } from '../../components/error-note.js';
import { routeHref, type ToolTab } from '../../router.js';
import type { ArgumentsPreset } from '../try-call/try-call-tab.js';
import { CategoryBadge, SandboxOffBadge, SourceBadge } from './badges.js';
import { categoryFromLabel, findEntry } from './catalogue-filters.js';
import { DialectsTab } from './dialects-tab.js';
import { DocsTab } from './docs-tab.js';
import { SchemaTab } from './schema-tab.js';
import { panelId, ToolTabs, tabId } from './tool-tabs.js';
import { useCatalogue } from './use-catalogue.js';
import { useViewHeading } from './use-view-heading.js';
import './catalogue.css';

// Try it carries rjsf and the validator's compiler: loaded with the first tool page, not with the catalogue.
const TryCallTab = lazy(async () => ({ default: (await import('../try-call/try-call-tab.js')).TryCallTab }));

/** One tool: what it is and where it came from, then its four tabs. */
export function ToolView({ name, tab }: { readonly name: string; readonly tab: ToolTab }) {
  const { data, error, loading } = useCatalogue();
  const entry = data === undefined ? undefined : findEntry(data, name);
  if (entry === undefined) {
    return (
      <section className="tool-page">
        <p className="crumbs">
          <a href="#/catalogue">Catalogue</a>
        </p>
        <h1>{name}</h1>
        {error === undefined ? null : <ErrorNote error={error} />}
        {/* A tool just added (an MCP server's) is not in the last catalogue yet: wait for the new one. */}
        {data === undefined || loading ? (
          error === undefined ? (
            <p className="muted">Loading…</p>
          ) : null
        ) : (
          <p role="alert">
            No tool named <code>{name}</code> is visible to this session. It may have gone with its source;{' '}
            <a href="#/catalogue">see the catalogue</a>.
          </p>
        )}
      </section>
    );
  }
  // Keyed by the tool: another tool's page starts with its own form, not this one's arguments.
  return <ToolPage key={entry.name} entry={entry} tab={tab} />;
}

function ToolPage({ entry, tab }: { readonly entry: CatalogueEntry; readonly tab: ToolTab }) {
  const [preset, setPreset] = useState<ArgumentsPreset | undefined>(undefined);
  const heading = useViewHeading(entry.name);
  const loadExample = (args: unknown) => {
    setPreset((previous) => ({ args, round: (previous?.round ?? 0) + 1 }));
    window.location.hash = routeHref({ view: 'tool', name: entry.name, tab: 'try' });
  };
  return (
    <article className="tool-page" aria-labelledby="tool-title">
      <p className="crumbs">
        <a href="#/catalogue">Catalogue</a> <span aria-hidden="true">/</span>
      </p>
      <header className="tool-head">
        <h1 id="tool-title" ref={heading} tabIndex={-1}>
          {entry.name}
        </h1>
        <div className="badges">
          <SourceBadge source={entry.source} />
          <CategoryBadge category={entry.category} />
          {entry.source.sandbox === 'off' ? <SandboxOffBadge /> : null}
        </div>
      </header>
      <dl className="tool-facts">
        <div>
          <dt>Category</dt>
          <dd data-testid="tool-category">
            {entry.category} · {categoryFromLabel(entry.categoryFrom)}
          </dd>
        </div>
        <div>
          <dt>From</dt>
          <dd>
            <code>{entry.source.provenance}</code>
            {entry.source.id === undefined || entry.source.id === entry.source.provenance ? null : (
              <>
                {' '}
                (<code>{entry.source.id}</code>)
              </>
            )}
          </dd>
        </div>
        {entry.aliases.length > 0 ? (
          <div>
            <dt>Also called</dt>
            <dd>
              {entry.aliases.map((alias, index) => (
                <span key={alias}>
                  {index > 0 ? ', ' : null}
                  <code>{alias}</code>
                </span>
              ))}
            </dd>
          </div>
        ) : null}
      </dl>
      <p className="tool-summary">{entry.docs.summary || entry.description}</p>
      <ToolTabs name={entry.name} current={tab} />
      <TabPanel tab="try" current={tab}>
        {/* Always mounted: the arguments and the last result survive a look at another tab. */}
        <Suspense fallback={<p className="muted">Loading the form…</p>}>
          <TryCallTab entry={entry} preset={preset} />
        </Suspense>
      </TabPanel>
      <TabPanel tab="schema" current={tab}>
        {tab === 'schema' ? <SchemaTab entry={entry} /> : null}
      </TabPanel>
      <TabPanel tab="dialects" current={tab}>
        {tab === 'dialects' ? <DialectsTab entry={entry} /> : null}
      </TabPanel>
      <TabPanel tab="docs" current={tab}>
        {tab === 'docs' ? <DocsTab docs={entry.docs} onUseExample={loadExample} /> : null}
      </TabPanel>
    </article>
  );
}

function TabPanel({
  tab,
  current,
  children,
}: {
  readonly tab: ToolTab;
  readonly current: ToolTab;
  readonly children: ReactNode;
}) {
  return (
    <section
      className="tab-panel"
      role="tabpanel"
      id={panelId(tab)}
      aria-labelledby={tabId(tab)}
      hidden={tab !== current}
    >
      {children}
    </section>
  );
}
