import { useEffect, useRef, useState } from 'react';
import { useEvents } from '../../api/events.js';
import { usePlayground } from '../../api/playground-context.js';
import type { CellEvent, McpServerStatus, PluginStatus, SourcesView as Sources } from '../../api/types.js';
import { ErrorNote } from '../../components/error-note.js';
import { useAnswer } from '../../components/use-answer.js';
import { routeHref } from '../../router.js';
import { clock } from '../governance/audit-stream.js';
import { AddServerForm } from './add-server-form.js';
import './sources.css';

type SourceEvent = Extract<CellEvent, { kind: 'source' }>;

/** How long a burst of `source` frames is gathered before the list is asked for again. */
const RELOAD_AFTER_MS = 120;
const EVENTS_SHOWN = 12;

/**
 * The cell's MCP servers and plugins, live: each `source` frame (connecting, ready, down, removed, a tool
 * left out) makes the page ask `GET /sources` again, so tools appear and go as the servers do.
 */
export function SourcesView() {
  const { api, events } = usePlayground();
  const sources = useAnswer<Sources>('/sources');
  const [heard, setHeard] = useState<readonly SourceEvent[]>([]);
  const [removing, setRemoving] = useState<string | undefined>(undefined);
  const [removeError, setRemoveError] = useState<unknown>(undefined);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const { reload } = sources;

  useEffect(() => () => clearTimeout(timer.current), []);
  const reloadSoon = () => {
    clearTimeout(timer.current);
    timer.current = setTimeout(reload, RELOAD_AFTER_MS);
  };

  useEvents(events, ['source'], (_kind, data) => {
    const event = data as SourceEvent;
    if (typeof event?.sourceId !== 'string') return;
    setHeard((list) => [event, ...list.slice(0, EVENTS_SHOWN - 1)]);
    reloadSoon();
  });

  const remove = async (name: string) => {
    setRemoving(name);
    setRemoveError(undefined);
    try {
      await api.delete(`/sources/mcp/${encodeURIComponent(name)}`);
      reload();
    } catch (failure) {
      setRemoveError(failure);
    } finally {
      setRemoving(undefined);
    }
  };

  const view = sources.data;
  const lastWord = (sourceId: string) => heard.find((event) => event.sourceId === sourceId);

  return (
    <section className="src" aria-labelledby="src-title">
      <h1 id="src-title">Sources</h1>
      <p className="src-muted src-intro">
        Tools come from the built-ins, packs and SDK closures, and from the sources here: MCP servers (added and removed
        while the cell runs) and plugins. Their tools join the catalogue as they connect.
      </p>
      <div className="src-layout">
        <AddServerForm onAdded={() => reload()} />
        <div className="src-lists">
          <h2 id="src-mcp">MCP servers</h2>
          {sources.error === undefined ? null : <ErrorNote error={sources.error} />}
          {removeError === undefined ? null : <ErrorNote error={removeError} />}
          {view !== undefined && view.mcp.length === 0 ? (
            <p className="src-muted">No MCP server yet: add one with the form.</p>
          ) : null}
          <ul className="src-items" data-testid="mcp-servers" aria-labelledby="src-mcp">
            {(view?.mcp ?? []).map((server) => (
              <McpServerItem
                key={server.name}
                server={server}
                word={lastWord(server.sourceId)}
                removing={removing === server.name}
                onRemove={() => void remove(server.name)}
              />
            ))}
          </ul>
          <h2 id="src-plugins">Plugins</h2>
          {view !== undefined && view.plugins.length === 0 ? <p className="src-muted">No plugin.</p> : null}
          <ul className="src-items" data-testid="plugins" aria-labelledby="src-plugins">
            {(view?.plugins ?? []).map((plugin) => (
              <PluginItem key={plugin.name} plugin={plugin} word={lastWord(plugin.sourceId)} />
            ))}
          </ul>
          {view === undefined || view.conflicts.length === 0 ? null : (
            <>
              <h2>Left out for a clash of names</h2>
              <ul className="src-conflicts">
                {view.conflicts.map((conflict) => (
                  <li key={conflict.tool}>
                    <code>{conflict.tool}</code> {conflict.reason}
                  </li>
                ))}
              </ul>
            </>
          )}
          <h2>What the sources said</h2>
          {heard.length === 0 ? (
            <p className="src-muted">Nothing since the page opened.</p>
          ) : (
            <ol className="src-events" aria-label="Source events, newest first">
              {heard.map((event, index) => (
                <li
                  // biome-ignore lint/suspicious/noArrayIndexKey: a list that only grows at the top and is cut.
                  key={`${event.at}-${index}`}
                  data-state={event.state}
                >
                  <time dateTime={event.at}>{clock(event.at)}</time> <code>{event.sourceId}</code>{' '}
                  <span className={`src-state src-state-${event.state}`}>{event.state}</span> {event.message}
                </li>
              ))}
            </ol>
          )}
        </div>
      </div>
    </section>
  );
}

function McpServerItem({
  server,
  word,
  removing,
  onRemove,
}: {
  readonly server: McpServerStatus;
  readonly word: SourceEvent | undefined;
  readonly removing: boolean;
  readonly onRemove: () => void;
}) {
  const info = server.serverInfo;
  return (
    <li className="src-item" data-testid="mcp-server" data-name={server.name} data-state={server.state}>
      <div className="src-item-head">
        <h3>{server.name}</h3>
        <span className={`src-state src-state-${server.state}`}>{server.state}</span>
        <span className="src-muted">
          {server.transport === 'stdio' ? 'command' : 'URL'}
          {info === undefined ? '' : ` · ${info.title ?? info.name} ${info.version}`}
          {server.sandboxed === false ? ' · outside the OS sandbox' : server.sandboxed === true ? ' · sandboxed' : ''}
        </span>
        <button type="button" className="src-remove" disabled={removing} onClick={onRemove}>
          Remove
        </button>
      </div>
      {server.lastError === undefined ? null : <p className="src-error">{server.lastError}</p>}
      {word === undefined || word.state === server.state ? null : (
        <p className="src-muted src-word">
          {word.state}: {word.message}
        </p>
      )}
      <ToolLinks tools={server.tools} skipped={server.skipped} label={`Tools of ${server.name}`} />
      {server.instructions === undefined || server.instructions === '' ? null : (
        <details className="src-skipped">
          <summary>Its instructions for the model</summary>
          <p className="src-instructions">{server.instructions}</p>
        </details>
      )}
    </li>
  );
}

function PluginItem({ plugin, word }: { readonly plugin: PluginStatus; readonly word: SourceEvent | undefined }) {
  return (
    <li className="src-item" data-testid="plugin" data-name={plugin.name} data-state={plugin.state}>
      <div className="src-item-head">
        <h3>{plugin.name}</h3>
        <span className={`src-state src-state-${plugin.state}`}>{plugin.state}</span>
        <span className="src-muted">
          {plugin.info === undefined ? '' : `${plugin.info.name} ${plugin.info.version}`}
          {plugin.pid === undefined ? '' : ` · pid ${plugin.pid}`}
          {plugin.restarts === 0 ? '' : ` · restarted ${plugin.restarts}×`}
          {plugin.sandboxed === false ? ' · outside the OS sandbox' : plugin.sandboxed === true ? ' · sandboxed' : ''}
        </span>
      </div>
      {plugin.lastError === undefined ? null : <p className="src-error">{plugin.lastError}</p>}
      {word === undefined || word.state === plugin.state ? null : (
        <p className="src-muted src-word">
          {word.state}: {word.message}
        </p>
      )}
      <ToolLinks tools={plugin.tools} skipped={plugin.skipped} label={`Tools of ${plugin.name}`} />
    </li>
  );
}

function ToolLinks({
  tools,
  skipped,
  label,
}: {
  readonly tools: readonly string[];
  readonly skipped: readonly { readonly tool: string; readonly reason: string }[];
  readonly label: string;
}) {
  return (
    <>
      {tools.length === 0 ? (
        <p className="src-muted">No tools yet.</p>
      ) : (
        <ul className="src-tools" aria-label={label}>
          {tools.map((tool) => (
            <li key={tool}>
              <a href={routeHref({ view: 'tool', name: tool, tab: 'try' })}>{tool}</a>
            </li>
          ))}
        </ul>
      )}
      {skipped.length === 0 ? null : (
        <details className="src-skipped">
          <summary>{skipped.length} left out</summary>
          <ul>
            {skipped.map((entry) => (
              <li key={entry.tool}>
                <code>{entry.tool}</code>: {entry.reason}
              </li>
            ))}
          </ul>
        </details>
      )}
    </>
  );
}
