/**
 * The arguments an MCP server receives for a tool with path arguments: each path governance judged is
 * replaced by the real path it resolved to (`context.resolvedPaths`, keyed by JSON pointer), so the
 * server opens exactly what was checked, whatever its own working folder or a link changed since.
 * Copies only the objects on the way to a replaced value; `args` itself is left as it is.
 */
export function withResolvedPaths(args: unknown, resolved: ReadonlyMap<string, string>): unknown {
  let result = args;
  for (const [pointer, path] of resolved) {
    // `@`-keys are paths named inside an argument's text (`pathsOf`): nothing to replace.
    if (!pointer.startsWith('/')) continue;
    const segments = pointer
      .slice(1)
      .split('/')
      .map((segment) => segment.replaceAll('~1', '/').replaceAll('~0', '~'));
    result = replaced(result, segments, path);
  }
  return result;
}

function replaced(node: unknown, segments: readonly string[], value: string): unknown {
  const [head, ...rest] = segments;
  if (head === undefined) return typeof node === 'string' ? value : node;
  if (Array.isArray(node)) {
    const index = Number(head);
    if (!Number.isInteger(index) || index < 0 || index >= node.length) return node;
    const copy = [...node];
    copy[index] = replaced(node[index], rest, value);
    return copy;
  }
  if (typeof node !== 'object' || node === null || !Object.hasOwn(node, head)) return node;
  const copy: Record<string, unknown> = { ...(node as Record<string, unknown>) };
  Object.defineProperty(copy, head, {
    value: replaced((node as Record<string, unknown>)[head], rest, value),
    enumerable: true,
    writable: true,
    configurable: true,
  });
  return copy;
}
