import { type AnyToolDefinition, isDialectName, resolveCategory, toJsonSchemaTool } from '@wesgine/schema';
import type { Hono } from 'hono';
import type { Cell } from '../engine/cell.js';
import type { CallOptions } from '../pipeline/call-options.js';
import type { CallStep } from '../pipeline/call-step.js';
import type { ToolResult } from '../pipeline/tool-result.js';
import { callDialect, unknownDialect } from './call-dialect.js';
import { parseCallRequest } from './call-request.js';
import { pendingCallResponse } from './call-routes.js';
import { scopedSession, scopeOf } from './client-scope.js';
import { describeTools } from './describe-tools.js';
import { dialectListing } from './dialect-listing.js';
import { httpError } from './http-error.js';
import type { ReadBody } from './json-body.js';
import { routeNamesTool } from './route-tool.js';
import type { SessionRuns } from './session-runs.js';
import type { WaitingCalls } from './waiting-calls.js';

/**
 * `GET /tools`, `GET /tools/descriptions` and `POST /tools/:name/call` (202 when the call waits for a
 * person: see call-routes.ts; `trace: true` adds the call's steps to its result). The lists show the cell's tools
 * (engine tools it has not disabled, its own, its sources'), sorted by name, read afresh on every request
 * so that registering or unregistering shows at once.
 */
export function addToolRoutes(app: Hono, cell: Cell, runs: SessionRuns, readBody: ReadBody, calls: WaitingCalls): void {
  app.get('/tools', (context) => {
    const dialect = context.req.query('dialect');
    const tools = cellTools(cell);
    if (dialect === undefined) return context.json(tools.map(toJsonSchemaTool));
    if (!isDialectName(dialect)) return httpError(context, 'unknown_dialect', unknownDialect(dialect));
    return context.json(dialectListing(tools, dialect));
  });

  app.get('/tools/descriptions', (context) => {
    const { engine, spec } = cell;
    const text = describeTools(cellTools(cell), {
      categoryOf: (tool) =>
        resolveCategory(tool.name, {
          engine: engine.categories,
          ...(spec.extraCategories === undefined ? {} : { cell: spec.extraCategories }),
          meta: tool.meta,
        }).category,
      sandboxOff: cell.sandbox.mode === 'off',
    });
    return context.text(text);
  });

  app.post('/tools/:name/call', async (context) => {
    const body = await readBody(context);
    if (!body.ok) return body.response;
    const request = parseCallRequest(body.value, {
      actor: context.req.header('x-wesgine-actor'),
      session: context.req.header('x-wesgine-session'),
    });
    if (!request.ok) return httpError(context, 'invalid_body', request.message);
    const { args } = request.value;
    const dialect = callDialect(context.req.query('dialect'), request.value.dialect);
    if (!dialect.ok) return httpError(context, dialect.code, dialect.message);
    const scope = scopeOf(context);
    if (scope.actor !== undefined && request.value.actor !== undefined && request.value.actor !== scope.actor) {
      return httpError(
        context,
        'forbidden',
        `this token acts as ${JSON.stringify(scope.actor)} only; it cannot call as ${JSON.stringify(request.value.actor)}`,
      );
    }
    const actor = scope.actor ?? request.value.actor;
    const sessionId = request.value.sessionId === undefined ? undefined : scopedSession(scope, request.value.sessionId);
    let run: ReturnType<SessionRuns['get']>;
    try {
      run = runs.get(actor, sessionId);
    } catch {
      return httpError(context, 'unavailable', 'the cell is stopped; it takes no more calls');
    }
    const name = context.req.param('name');
    // A call that waits for a person answers 202 now, with where to answer and where its result will be;
    // a traced call's steps are kept with its result, so `GET /calls/:id` answers them too.
    const steps: CallStep[] | undefined = request.value.trace ? [] : undefined;
    const options: CallOptions = {
      ...(dialect.dialect === undefined ? {} : { dialect: dialect.dialect }),
      ...(steps === undefined ? {} : { onStep: (step: CallStep) => steps.push(step) }),
    };
    const started = await calls.start(name, actor, async (): Promise<TracedResult> => {
      const result = await run.call(name, args, options);
      return steps === undefined ? result : { ...result, trace: steps };
    });
    if (!started.ended) return pendingCallResponse(context, started.call);
    const { result } = started;
    // 404 only when the route's tool does not exist; `unknown_tool` from inside a tool (a sub-agent
    // calling a missing tool) is that tool's result, answered with 200 like every other result.
    if (result.code === 'unknown_tool' && !routeNamesTool(cell, run, name, dialect.dialect)) {
      return httpError(context, 'unknown_tool', result.text);
    }
    return context.json(result);
  });
}

/** What a call with `trace: true` answers with 200 (and `GET /calls/:id` once it ended): its result and steps. */
export type TracedResult = ToolResult & { readonly trace?: readonly CallStep[] };

function cellTools(cell: Cell): AnyToolDefinition[] {
  return cell
    .allTools()
    .map((tool) => tool.definition)
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}
