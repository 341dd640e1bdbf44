import { register } from 'node:module';

/**
 * A resolve hook, run after tsx's: a module under node_modules that a tool definition imports resolves
 * to the plain URL codegen itself uses, not to a copy in the load's tsx namespace. The namespace exists
 * so that an edited definition (and the local modules it imports) is imported afresh; installed packages
 * do not change between loads, and loading @sinclair/typebox's two hundred modules a second time through
 * the loader thread cost most of a second of every `gen`. Inline (a data: URL) so that it runs the same
 * from src/ and from dist/.
 */
const HOOK = `
export async function resolve(specifier, context, nextResolve) {
  const result = await nextResolve(specifier, context);
  if (!result.url.startsWith('file:') || !result.url.includes('/node_modules/') || !result.url.includes('?')) {
    return result;
  }
  const url = new URL(result.url);
  if (!url.searchParams.has('tsx-namespace')) return result;
  url.searchParams.delete('tsx-namespace');
  return { ...result, url: url.href };
}
`;

let registered = false;

/**
 * Registers the hook once per process, right after the first tsx namespace (hooks run last-registered
 * first, so it sees tsx's answer). Later loads in the same process keep working, only without the saving.
 */
export function shareInstalledModules(): void {
  if (registered) return;
  registered = true;
  register(`data:text/javascript,${encodeURIComponent(HOOK)}`);
}
