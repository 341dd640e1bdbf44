import {
  type AnyToolDefinition,
  type AnyToolPack,
  compileValidator,
  formatIssues,
  type ToolSession,
  toJsonSchema,
  toToolError,
} from '@wesgine/schema';
import { toolAnnotations } from '../registry/remote-tool.js';
import { LineReader } from './line-reader.js';
import { pluginContext, type WireCallContext } from './plugin-context.js';
import {
  JSON_RPC_CODES,
  MAX_LINE_BYTES,
  PLUGIN_METHODS,
  PLUGIN_PROTOCOL_VERSION,
  type RequestId,
  rpcErrorOf,
} from './plugin-protocol.js';

/** Where a served plugin reads and writes: the process's stdin and stdout unless given. */
export interface ServePluginOptions {
  readonly input?: NodeJS.ReadableStream;
  readonly output?: NodeJS.WritableStream;
  /** The workDir a call's handler gets when the host sends none; the current directory by default. */
  readonly workDir?: string;
}

type Handler = (args: unknown, context: ReturnType<typeof pluginContext>) => unknown;

/**
 * Serves a tool pack as a plugin: newline-delimited JSON-RPC 2.0 on stdin and stdout (`initialize`,
 * `tools/list`, `tools/call`, `shutdown`; progress and log notifications per call; `notifications/cancelled`
 * fires the call's signal). Calls run concurrently. Resolves once `shutdown` was answered or the input
 * ended; in-flight calls are cancelled then. Nothing but protocol messages is written to `output`:
 * a handler's `console.log` would corrupt it, so log through `context.log` or to stderr.
 */
export function servePlugin(pack: AnyToolPack, options: ServePluginOptions = {}): Promise<void> {
  const input = options.input ?? process.stdin;
  const output = options.output ?? process.stdout;
  const workDir = options.workDir ?? process.cwd();
  const definitions = new Map<string, AnyToolDefinition>(pack.tools.map((tool) => [tool.name, tool]));
  const unlisted = new Set(pack.unlisted ?? []);
  const inFlight = new Map<RequestId, AbortController>();
  const sessions = new Map<string, Map<string, unknown>>();
  const send = (message: object) => output.write(`${JSON.stringify({ jsonrpc: '2.0', ...message })}\n`);

  const session = (id: string): ToolSession => {
    const held = sessions.get(id) ?? new Map<string, unknown>();
    sessions.set(id, held);
    return { id, get: (key) => held.get(key), set: (key, value) => void held.set(key, value) };
  };

  const call = async (id: RequestId, params: Record<string, unknown>): Promise<unknown> => {
    const name = params.name;
    const definition = typeof name === 'string' ? definitions.get(name) : undefined;
    const handler = definition === undefined ? undefined : (pack.handlers[definition.name] as Handler | undefined);
    if (definition === undefined || handler === undefined) {
      throw rpc(rpcErrorOf('unknown_tool', `the plugin ${pack.name} has no tool ${JSON.stringify(name)}`));
    }
    const args = params.arguments ?? {};
    const issues = compileValidator(definition.parameters).errors(args);
    if (issues.length > 0) throw rpc(rpcErrorOf('invalid_arguments', formatIssues(definition.name, issues)));
    const controller = new AbortController();
    inFlight.set(id, controller);
    const context = pluginContext(
      (typeof params.context === 'object' && params.context !== null ? params.context : {}) as WireCallContext,
      {
        signal: controller.signal,
        progress: (update) => send({ method: PLUGIN_METHODS.progress, params: { requestId: id, ...update } }),
        log: (level, message, data) =>
          send({
            method: PLUGIN_METHODS.log,
            params: { requestId: id, level, message, ...(data === undefined ? {} : { data }) },
          }),
        session,
      },
      workDir,
    );
    try {
      const returned = await handler(args, context);
      if (typeof returned === 'string') return { text: returned };
      const { text, data } = (returned ?? {}) as { text?: unknown; data?: unknown };
      if (typeof text !== 'string') {
        throw rpc(
          rpcErrorOf(
            'handler_failed',
            `${definition.name} returned no text; a handler returns a string or { text, data }`,
          ),
        );
      }
      return data === undefined ? { text } : { text, data };
    } finally {
      inFlight.delete(id);
    }
  };

  const answer = (id: RequestId, method: string, params: Record<string, unknown>): Promise<unknown> | unknown => {
    switch (method) {
      case PLUGIN_METHODS.initialize:
        return { name: pack.name, version: pack.version, protocolVersion: PLUGIN_PROTOCOL_VERSION };
      case PLUGIN_METHODS.listTools:
        return { tools: pack.tools.filter((tool) => !unlisted.has(tool.name)).map(describe) };
      case PLUGIN_METHODS.callTool:
        return call(id, params);
      case PLUGIN_METHODS.shutdown:
        return {};
      default:
        throw rpc({ code: JSON_RPC_CODES.methodNotFound, message: `the plugin does not know the method '${method}'` });
    }
  };

  return new Promise((resolve) => {
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      for (const controller of inFlight.values()) controller.abort();
      input.removeListener('data', onData);
      input.removeListener('end', finish);
      if (input === process.stdin) process.stdin.pause();
      resolve();
    };
    const receive = (line: string) => {
      let message: { id?: RequestId; method?: unknown; params?: unknown };
      try {
        message = JSON.parse(line);
      } catch {
        send({ id: null, error: { code: JSON_RPC_CODES.parseError, message: 'the line is not JSON' } });
        return;
      }
      const { id, method } = message;
      const params = (typeof message.params === 'object' && message.params !== null ? message.params : {}) as Record<
        string,
        unknown
      >;
      if (typeof method !== 'string') return;
      if (id === undefined) {
        if (method === PLUGIN_METHODS.cancelled) inFlight.get(params.requestId as RequestId)?.abort();
        return;
      }
      Promise.resolve()
        .then(() => answer(id, method, params))
        .then(
          (result) => send({ id, result }),
          (error: unknown) => send({ id, error: errorOf(error) }),
        )
        .then(() => {
          if (method === PLUGIN_METHODS.shutdown) finish();
        });
    };
    const reader = new LineReader({ line: receive, overflow: () => finish() }, MAX_LINE_BYTES);
    const onData = (chunk: Buffer | string) => reader.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
    input.on('data', onData);
    input.once('end', finish);
  });
}

/** A tool as `tools/list` gives it: its JSON Schema (path marks kept, so the host governs them) and hints. */
function describe(tool: AnyToolDefinition): Record<string, unknown> {
  const { meta } = tool;
  const readOnly = meta.readOnly ?? (meta.category === undefined ? undefined : meta.category === 'exploration');
  const annotations = toolAnnotations(meta, readOnly);
  return {
    name: tool.name,
    description: tool.description,
    inputSchema: toJsonSchema(tool.parameters),
    ...(tool.result === undefined ? {} : { outputSchema: toJsonSchema(tool.result) }),
    ...(Object.keys(annotations).length === 0 ? {} : { annotations }),
  };
}

class RpcAnswer extends Error {
  readonly error: object;

  constructor(error: { message: string }) {
    super(error.message);
    this.error = error;
  }
}

function rpc(error: { code: number; message: string; data?: unknown }): RpcAnswer {
  return new RpcAnswer(error);
}

function errorOf(thrown: unknown): object {
  if (thrown instanceof RpcAnswer) return thrown.error;
  const error = toToolError(thrown);
  return rpcErrorOf(error.code, error.message);
}
