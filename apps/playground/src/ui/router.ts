import { useEffect, useState } from 'react';

/**
 * The page's routes live in the URL's fragment (`#/tools/read/try`), so the server serves one page and a
 * reload or a shared link opens the same view.
 */
export type Route =
  | { readonly view: 'catalogue' }
  | { readonly view: 'tool'; readonly name: string; readonly tab: ToolTab }
  | { readonly view: 'governance' }
  | { readonly view: 'loops' }
  | { readonly view: 'sources' };

export type ToolTab = 'try' | 'schema' | 'dialects' | 'docs';

const TABS: readonly ToolTab[] = ['try', 'schema', 'dialects', 'docs'];

export function parseRoute(hash: string): Route {
  const parts = hash.replace(/^#\/?/, '').split('/').filter(Boolean).map(decodeURIComponent);
  const [first, name, tab] = parts;
  if (first === 'tools' && name !== undefined) {
    return { view: 'tool', name, tab: TABS.includes(tab as ToolTab) ? (tab as ToolTab) : 'try' };
  }
  if (first === 'governance' || first === 'loops' || first === 'sources') return { view: first };
  return { view: 'catalogue' };
}

export function routeHref(route: Route): string {
  if (route.view === 'tool') return `#/tools/${encodeURIComponent(route.name)}/${route.tab}`;
  return `#/${route.view}`;
}

export function useRoute(): Route {
  const [route, setRoute] = useState(() => parseRoute(window.location.hash));
  useEffect(() => {
    const changed = () => setRoute(parseRoute(window.location.hash));
    window.addEventListener('hashchange', changed);
    return () => window.removeEventListener('hashchange', changed);
  }, []);
  return route;
}
