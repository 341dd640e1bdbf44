// The public surface of @wesgine/runtime/http. Adding a name here makes it public API.
//
// The HTTP API of one cell (Hono on @hono/node-server). Routes:
//   GET  /tools                 the JSON Schema list (draft 2020-12, `toJsonSchemaTool`), sorted by name;
//                               `?dialect=<DIALECT_NAMES>` gives `[{ tool, name, declaration }]` instead:
//                               each provider declaration as it is sent, beside the tool's own name
//   GET  /tools/descriptions    text/plain, one block per tool (see toolDescriptionsText in @wesgine/schema)
//   POST /tools/:name/call      `{ args?, actor?, sessionId?, dialect?, trace? }` -> the ToolResult; `dialect`
//                               (or `?dialect=`) decodes provider-shaped args, and `:name` may be the
//                               provider name; 202 with where to answer when the call waits for a
//                               person (call-routes.ts); `trace: true` adds `trace: CallStep[]`
//   GET  /calls/:id             that call's result (200, with its trace when asked) or what it waits on
//                               (202); `?wait=<s>` long-polls
//   GET  /approvals             the questions waiting for a person, oldest first
//   POST /approvals/:id         `{ decision: 'approve', scope? }` | `{ decision: 'deny', reason? }`
//   GET  /events                server-sent events: `audit` and `approval`, a comment every 15 s
//   GET  /audit                 the latest audit events, oldest first; `?limit=` 1-1000, default 200 (audit-routes.ts)
//   GET  /catalogue             every tool with its source, category, schema, dialects and docs;
//                               `?session=` that session's run, its own tools included (catalogue-routes.ts)
//   GET  /governance            the zone, the sandbox, the roots, Hardline's paths; owner only (governance-routes.ts)
//   GET  /sources               MCP servers and plugins; PUT|DELETE /sources/mcp/:name; owner only (source-routes.ts)
//   GET  /runs/:id/cycle        a run's CycleDetector snapshot (live, or among the 100 latest callers)
//   GET  /sessions/:id/cycle    that of the session's run (`?actor=` for the owner) (cycle-routes.ts)
//   GET  /, /assets/*           the page, when `page` is given, without a token (page-routes.ts)
//
// Decisions:
// - A call answers 200 with the ToolResult whatever it says, refusals included: the result is what the
//   model acts on and its `code` says why. The one exception is a tool the route names but the cell does
//   not have: 404 with the error body, `unknown_tool`, and the close names in the message.
// - Every other failure answers `{ error: { code, message } }` with a code from HTTP_ERROR_STATUS;
//   nothing answers with a stack, and an unexpected throw is a 500 `internal` reported to `onError`.
// - Calls go through one Run per (actor, sessionId) (body first, then the x-wesgine-actor and
//   x-wesgine-session headers), so a session's calls meet one CycleDetector; the 1,000 most recently
//   used are kept. Calls that name neither share one run.
// - Every request needs a bearer token unless the app is made with `auth: 'none'` on purpose. `serve`
//   without a token keeps one in `<dataDir>/http-token` (mode 0600; a looser file is refused) and reuses
//   it on the next start. Actor tokens act as one actor and see that actor's runs only (client-scope.ts).
// - Before the method, the token or a route: a `Host` that is not this server's (DNS rebinding) is 421;
//   an `Origin` not its own, or `Sec-Fetch-Site: cross-site|same-site`, is 403. No CORS is ever granted.
// - POST bodies must be application/json, at most `bodyLimit` bytes and 65 levels deep (the body, then `MAX_ARGUMENT_DEPTH` for its arguments; 400 too_deep).
// - `serve` listens on 127.0.0.1 by default and refuses `auth: 'none'` on any other address.

export type { AuthOptions } from './auth-options.js';
export type { ActorToken } from './bearer-auth.js';
export type { PendingCallBody } from './call-routes.js';
export type { CatalogueDialect, CatalogueEntry } from './catalogue-routes.js';
export type { AppOptions } from './create-app.js';
export { createApp, DEFAULT_BODY_LIMIT } from './create-app.js';
export type { RunCycleBody } from './cycle-routes.js';
export type { ListedDeclaration } from './dialect-listing.js';
export type { GovernanceView, ZoneRuleView } from './governance-routes.js';
export type { HttpErrorBody, HttpErrorCode } from './http-error.js';
export { HTTP_ERROR_STATUS } from './http-error.js';
export type { PageOptions } from './page-routes.js';
export type { HttpServer, ServeOptions } from './serve.js';
export { serve } from './serve.js';
export type { SourcesView } from './source-routes.js';
export type { TracedResult } from './tool-routes.js';
