/**
 * A handler whose code is imported on its first call, so importing the pack does not load every tool's
 * modules (the search engine, the patch parser, the memory store, the browser driver) for a host that
 * may call two of them. The loaded handler is kept, so later calls pay one resolved promise; a failed
 * load is tried again on the next call. Typed by the loaded function, so the wrapper is assignable
 * wherever the handler itself was.
 */
export function lazyHandler<THandler extends (...args: never[]) => unknown>(
  load: () => Promise<THandler>,
): (...args: Parameters<THandler>) => Promise<Awaited<ReturnType<THandler>>> {
  let loading: Promise<THandler> | undefined;
  return async (...args): Promise<Awaited<ReturnType<THandler>>> => {
    loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    const handler = await loading;
    return (await handler(...args)) as Awaited<ReturnType<THandler>>;
  };
}
