import { useEffect, useId, useMemo, useRef, useState } from 'react';
import type { CatalogueEntry } from '../../api/types.js';
import { ErrorNote } from '../../components/error-note.js';
import { routeHref } from '../../router.js';
import { CategoryBadge, SandboxOffBadge, SourceBadge } from './badges.js';
import {
  CATEGORY_LABELS,
  type CatalogueFilter,
  filterCatalogue,
  NO_FILTER,
  SOURCE_LABELS,
  toolCount,
} from './catalogue-filters.js';
import { useCatalogue } from './use-catalogue.js';
import { useViewHeading } from './use-view-heading.js';
import './catalogue.css';

// The filter outlives the view: back from a tool page, the list is as the person left it.
let kept: CatalogueFilter = NO_FILTER;

/** Every tool the page's session sees, found by words and narrowed by source and category. */
export function CatalogueView() {
  const { data, error, loading } = useCatalogue();
  const heading = useViewHeading('Catalogue');
  const [filter, setFilterState] = useState(kept);
  const setFilter = (next: CatalogueFilter) => {
    kept = next;
    setFilterState(next);
  };
  const shown = useMemo(() => (data === undefined ? [] : filterCatalogue(data, filter)), [data, filter]);
  const filtered = filter.text !== '' || filter.source !== '' || filter.category !== '';
  return (
    <section className="catalogue" aria-labelledby="catalogue-title">
      <div className="catalogue-head">
        <h1 id="catalogue-title" ref={heading} tabIndex={-1}>
          Catalogue
        </h1>
        <p className="muted">
          Every tool this session&apos;s run sees, from every source: what it is, how governance files it, and a call
          away from trying it.
        </p>
      </div>
      <Filters filter={filter} onChange={setFilter} />
      {error === undefined ? null : <ErrorNote error={error} />}
      {data === undefined ? (
        loading ? (
          <p className="muted">Loading the catalogue…</p>
        ) : null
      ) : (
        <>
          <p className="catalogue-count" role="status">
            <strong>{toolCount(shown.length)}</strong>
            {filtered ? <span className="muted"> of {data.length}</span> : null}
          </p>
          {shown.length === 0 ? (
            <div className="catalogue-empty">
              <p>No tool matches these filters.</p>
              <button type="button" onClick={() => setFilter(NO_FILTER)}>
                Clear the filters
              </button>
            </div>
          ) : null}
          <ul className="catalogue-list" data-testid="catalogue-list">
            {shown.map((entry) => (
              <CatalogueItem key={entry.name} entry={entry} />
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

function Filters({
  filter,
  onChange,
}: {
  readonly filter: CatalogueFilter;
  readonly onChange: (filter: CatalogueFilter) => void;
}) {
  const id = useId();
  const search = useRef<HTMLInputElement>(null);
  // `/` finds, as on most sites with a search box, unless the person is typing somewhere already.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== '/' || event.ctrlKey || event.metaKey || event.altKey) return;
      const target = event.target as HTMLElement | null;
      if (target?.closest('input, textarea, select, [contenteditable="true"]')) return;
      event.preventDefault();
      search.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);
  return (
    <search className="catalogue-filters" aria-label="Find tools">
      <label className="filter-search" htmlFor={`${id}-text`}>
        <span>Search tools</span>
        <input
          id={`${id}-text`}
          ref={search}
          aria-keyshortcuts="/"
          type="search"
          value={filter.text}
          placeholder="name, words of the description, source… (press /)"
          autoComplete="off"
          spellCheck={false}
          onChange={(event) => onChange({ ...filter, text: event.target.value })}
        />
      </label>
      <label htmlFor={`${id}-source`}>
        <span>Source</span>
        <select
          id={`${id}-source`}
          value={filter.source}
          onChange={(event) => onChange({ ...filter, source: event.target.value as CatalogueFilter['source'] })}
        >
          <option value="">All</option>
          {SOURCE_LABELS.map((label) => (
            <option key={label} value={label}>
              {label}
            </option>
          ))}
        </select>
      </label>
      <label htmlFor={`${id}-category`}>
        <span>Category</span>
        <select
          id={`${id}-category`}
          value={filter.category}
          onChange={(event) => onChange({ ...filter, category: event.target.value as CatalogueFilter['category'] })}
        >
          <option value="">All</option>
          {CATEGORY_LABELS.map((label) => (
            <option key={label} value={label}>
              {label}
            </option>
          ))}
        </select>
      </label>
    </search>
  );
}

function CatalogueItem({ entry }: { readonly entry: CatalogueEntry }) {
  return (
    <li className="catalogue-item" data-testid="catalogue-item">
      <div className="item-head">
        <a className="tool-link" href={routeHref({ view: 'tool', name: entry.name, tab: 'try' })}>
          {entry.name}
        </a>
        <span className="badges">
          <SourceBadge source={entry.source} />
          <CategoryBadge category={entry.category} from={entry.categoryFrom} />
          {entry.source.sandbox === 'off' ? <SandboxOffBadge /> : null}
        </span>
      </div>
      <p className="item-summary">{entry.docs.summary || entry.description}</p>
      <p className="item-meta muted">
        <span className="provenance">{entry.source.provenance}</span>
        {entry.aliases.length > 0 ? <span> · also {entry.aliases.join(', ')}</span> : null}
        {entry.docs.parameters.length > 0 ? (
          <span>
            {' '}
            · {entry.docs.parameters.length} {entry.docs.parameters.length === 1 ? 'parameter' : 'parameters'}
          </span>
        ) : null}
      </p>
    </li>
  );
}
