import type { Cell } from '@wesgine/runtime';

/** The port `npm start` listens on unless `PORT` says otherwise. */
export const DEFAULT_PORT = 4100;

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
  readonly cell: Cell;
  /** Stops the server, then the cell. */
  close(): Promise<void>;
}

/** Starts the embedded default: built by its helper, see CONTRACT. */
export async function startPlayground(_options: PlaygroundOptions): Promise<RunningPlayground> {
  throw new Error('not built yet');
}
