import { ToolError } from '@wesgine/schema';

/** What a heavy dependency is, who needs it, and how to load and prove it. */
export interface OptionalModuleSpec<T> {
  /** The npm package, as `npm install` spells it. */
  readonly name: string;
  /** The tool that needs it, as the model knows it (`memory`, `browser_navigate`). */
  readonly tool: string;
  /** Imports the package. A function, so nothing is loaded until a call needs it. */
  readonly load: () => Promise<T>;
  /**
   * Proves the package works beyond its JavaScript, e.g. that its native binding opens; throws when it
   * does not. Run once, right after the import.
   */
  readonly prove?: (loaded: T) => void;
}

/**
 * A dependency only some tools need, loaded on the first call that needs it and kept for later calls,
 * so importing the tool pack stays fast. When it is missing or its native part was never built, the
 * call fails with one line naming the fix (never the loader's list of paths it tried), and the next
 * call tries again, so fixing it needs no restart.
 */
export function optionalModule<T>(spec: OptionalModuleSpec<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () => {
    loading ??= (async () => {
      const loaded = await spec.load();
      spec.prove?.(loaded);
      return loaded;
    })().catch((error: unknown) => {
      loading = undefined;
      throw missingModuleError(spec, error);
    });
    return loading;
  };
}

/** The one-line failure the model reads for a dependency that could not be loaded. */
export function missingModuleError(
  spec: Pick<OptionalModuleSpec<unknown>, 'name' | 'tool'>,
  error: unknown,
): ToolError {
  const { name, tool } = spec;
  const message = error instanceof Error ? error.message : String(error);
  const code = (error as { code?: unknown } | null)?.code;
  const text =
    (code === 'ERR_MODULE_NOT_FOUND' || code === 'MODULE_NOT_FOUND') && message.includes(`'${name}'`)
      ? `${tool} needs the ${name} package, which is not installed here: run \`npm install ${name}\`.`
      : isUnbuiltNative(code, message)
        ? `${tool} needs the ${name} native module, which is not built here: run \`npm rebuild ${name}\` (its install script must be allowed).`
        : `${tool} could not load the ${name} package (${firstLine(message)}): reinstall it with \`npm install ${name}\`.`;
  return new ToolError('unavailable', text, { cause: error });
}

/**
 * A native addon that is absent (the `bindings` package lists every path it tried) or was built for
 * another Node.js (`dlopen` refuses it): both are mended by building it again.
 */
function isUnbuiltNative(code: unknown, message: string): boolean {
  return (
    code === 'ERR_DLOPEN_FAILED' ||
    message.startsWith('Could not locate the bindings file') ||
    message.includes('NODE_MODULE_VERSION')
  );
}

/** The first non-empty line, without the absolute paths a loader puts in it. */
function firstLine(message: string): string {
  const line = message.split('\n').find((part) => part.trim() !== '') ?? 'no reason given';
  return line
    .replace(/(?:file:\/\/)?\/[^\s'":]+/g, '…')
    .trim()
    .replace(/[.:]$/, '');
}
