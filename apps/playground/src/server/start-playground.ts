import { mkdirSync, realpathSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { builtins, closeBrowsers } from '@wesgine/builtins';
import examplePack from '@wesgine/example-pack';
import { type Cell, createEngine, DEFAULT_ZONE_FILE, type SdkTool } from '@wesgine/runtime';
import { type HttpServer, serve } from '@wesgine/runtime/http';
import { DEFAULT_PORT } from './default-port.js';
import { demoPlugin } from './demo-plugin-spec.js';
import { loopingAgentConfig } from './looping-agent.js';
import { packageFolder } from './package-folder.js';
import { ensureSampleWorkspace } from './sample-workspace.js';
import { sessionNoteTool } from './session-note-tool.js';
import { slowCountTool } from './slow-count-tool.js';

/** The folder under the data folder that is the cell's workDir. */
export const WORKSPACE_FOLDER = 'workspace';

export interface PlaygroundOptions {
  /** Where everything lives: `workspace/` (the cell's workDir), the token, the SQLite files. Made when absent. */
  readonly dataDir: string;
  /** Default 4100; 0 takes any free port. */
  readonly port?: number;
  /** Default 127.0.0.1. */
  readonly host?: string;
  /** The built page (Vite's output); default: this package's `dist/ui`. */
  readonly pageRoot?: string;
}

export interface RunningPlayground {
  /** `http://127.0.0.1:4100`: the API and the page. */
  readonly url: string;
  /** The page's address with the token in its fragment (`…/#token=…`): what `npm start` prints. */
  readonly pageUrl: string;
  readonly token: string;
  /** The data folder, absolute. */
  readonly dataDir: string;
  /** The cell's workDir: `<dataDir>/workspace`, its real path. */
  readonly workDir: string;
  /** Whether this start made the sample workspace (false when it was there already). */
  readonly madeWorkspace: boolean;
  /** What did not start as it should (a plugin), each as one sentence; the rest works meanwhile. */
  readonly warnings: readonly string[];
  readonly cell: Cell;
  /** Stops the server, then the cell (its plugins, MCP servers, sandboxed programs, browsers). */
  close(): Promise<void>;
}

/**
 * Starts the embedded default that `npm start` runs: an engine with the built-ins and the example pack;
 * one cell whose workDir is a sample workspace in the data folder (made on the first start only, so a
 * restart keeps every edit), the shipped default zone, its state (the token, memory's SQLite) in the
 * data folder; approvals on. Beside the built-ins, one tool of each other source, so the catalogue
 * shows them all: `slow_count` (an SDK closure with progress), `word_count` (the `demo` plugin),
 * `looping_agent` (a scripted sub-agent that loops) and `session_note` (per run). The runtime's HTTP
 * API serves the page from the same origin.
 */
export async function startPlayground(options: PlaygroundOptions): Promise<RunningPlayground> {
  const { dataDir: given, port = DEFAULT_PORT, host } = options;
  if (typeof given !== 'string' || given === '') throw new Error('the playground needs a data folder (dataDir)');
  if (!Number.isInteger(port) || port < 0 || port > 65_535) {
    throw new Error(`the port must be a whole number from 0 to 65535, not ${String(port)}`);
  }
  const dataDir = resolve(given);
  try {
    mkdirSync(dataDir, { recursive: true });
  } catch (error) {
    throw new Error(`cannot make the data folder ${dataDir}: ${reason(error)}`);
  }
  const madeWorkspace = ensureSampleWorkspace(join(dataDir, WORKSPACE_FOLDER));
  const workDir = realpathSync(join(dataDir, WORKSPACE_FOLDER));
  const plugin = demoPlugin();

  const engine = createEngine({ tools: [builtins, examplePack] });
  const cell = engine.createCell({
    workDir,
    dataDir,
    zone: DEFAULT_ZONE_FILE,
    plugins: [plugin.spec],
    sandbox: { readPaths: plugin.readPaths },
    // The looping agent can only read, so it is exploration: the zone lets it start without asking.
    extraCategories: { looping_agent: 'exploration' },
  });
  const warnings: string[] = [];
  let server: HttpServer;
  try {
    cell.tools().register(slowCountTool());
    cell.agents().asTool(loopingAgentConfig());
    try {
      await cell.ready();
    } catch (error) {
      warnings.push(reason(error));
    }
    server = await serve(cell, {
      port,
      ...(host === undefined ? {} : { host }),
      page: { root: options.pageRoot ?? join(packageFolder(), 'dist', 'ui') },
      // Typed tools widen to SdkTool<TObject> only through unknown (their handlers take narrower args).
      runTools: ({ sessionId }) => [sessionNoteTool(sessionId) as unknown as SdkTool],
    });
  } catch (error) {
    await cell.stop();
    throw new Error(listenProblem(error, host ?? '127.0.0.1', port));
  }
  const { url, token } = server;
  if (token === undefined) {
    // Never so: serve keeps a token in the data folder unless told to run without one.
    await server.close();
    await cell.stop();
    throw new Error('the playground server started without a token');
  }
  let closing: Promise<void> | undefined;
  return {
    url,
    pageUrl: `${url}/#token=${token}`,
    token,
    dataDir,
    workDir,
    madeWorkspace,
    warnings,
    cell,
    close: () => {
      closing ??= (async () => {
        await server.close();
        await cell.stop();
        await closeBrowsers();
      })();
      return closing;
    },
  };
}

/** The sentence for a server that did not start: a port in use or refused, else the error's own words. */
function listenProblem(error: unknown, host: string, port: number): string {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (code === 'EADDRINUSE') {
    return `port ${port} on ${host} is in use by another program; stop it, or choose another port with PORT`;
  }
  if (code === 'EACCES') return `port ${port} on ${host} may not be used by this user; choose another port with PORT`;
  if (code === 'EADDRNOTAVAIL') return `${host} is not an address of this machine`;
  return reason(error);
}

function reason(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
