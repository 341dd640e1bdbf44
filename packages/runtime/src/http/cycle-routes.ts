import type { Hono } from 'hono';
import type { Cell } from '../engine/cell.js';
import type { SessionRuns } from './session-runs.js';

/**
 * `GET /runs/:id/cycle`: the CycleDetector snapshot of a live run of the cell (a sub-agent's child run
 * included, while something holds it); `GET /sessions/:id/cycle`: that of the API's run for the session.
 * An actor token sees its own actor's runs only; anything else is 404 `unknown_run` / `unknown_session`.
 */
export function addCycleRoutes(_app: Hono, _cell: Cell, _runs: SessionRuns): void {
  // Built by its issue's runtime work: see CONTRACT.
}
