import { useId, useState } from 'react';
import { usePlayground } from '../../api/playground-context.js';
import type { McpServerStatus } from '../../api/types.js';
import { ErrorNote } from '../../components/error-note.js';
import { serverConfig } from './server-config.js';

/**
 * Adds (or replaces, for a name in use) an MCP server: a program started on stdio, or a Streamable HTTP
 * address. The API answers once the server is ready or down (or after 15 s still connecting).
 */
export function AddServerForm({ onAdded }: { readonly onAdded: (status: McpServerStatus) => void }) {
  const { api } = usePlayground();
  const [name, setName] = useState('');
  const [transport, setTransport] = useState<'stdio' | 'http'>('stdio');
  const [command, setCommand] = useState('');
  const [args, setArgs] = useState('');
  const [url, setUrl] = useState('');
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const [error, setError] = useState<unknown>(undefined);
  const [adding, setAdding] = useState<string | undefined>(undefined);
  const [added, setAdded] = useState<McpServerStatus | undefined>(undefined);
  const titleId = useId();
  const ids = { name: useId(), command: useId(), args: useId(), url: useId(), radios: useId() };

  const submit = async () => {
    const config = serverConfig({ name, transport, command, args, url });
    setError(undefined);
    setAdded(undefined);
    if ('problem' in config) {
      setProblem(config.problem);
      return;
    }
    setProblem(undefined);
    setAdding(config.name);
    try {
      const { body } = await api.put<McpServerStatus>(`/sources/mcp/${encodeURIComponent(config.name)}`, config.body);
      setAdded(body);
      setName('');
      onAdded(body);
    } catch (failure) {
      setError(failure);
    } finally {
      setAdding(undefined);
    }
  };

  return (
    <form
      className="src-form"
      aria-labelledby={titleId}
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <h2 id={titleId}>Add an MCP server</h2>
      <div className="src-row">
        <label htmlFor={ids.name}>Name</label>
        <input
          id={ids.name}
          type="text"
          value={name}
          placeholder="fs"
          autoComplete="off"
          spellCheck={false}
          onChange={(event) => setName(event.target.value)}
        />
      </div>
      <fieldset className="src-transport">
        <legend>How to reach it</legend>
        <label>
          <input
            type="radio"
            name={ids.radios}
            checked={transport === 'stdio'}
            onChange={() => setTransport('stdio')}
          />
          Command
        </label>
        <label>
          <input type="radio" name={ids.radios} checked={transport === 'http'} onChange={() => setTransport('http')} />
          URL
        </label>
      </fieldset>
      {transport === 'stdio' ? (
        <>
          <div className="src-row">
            <label htmlFor={ids.command}>Command</label>
            <input
              id={ids.command}
              type="text"
              value={command}
              placeholder="node"
              autoComplete="off"
              spellCheck={false}
              onChange={(event) => setCommand(event.target.value)}
            />
          </div>
          <div className="src-row">
            <label htmlFor={ids.args}>Arguments</label>
            <textarea
              id={ids.args}
              className="code"
              rows={3}
              value={args}
              placeholder={'one per line, e.g.\nserver.js\n.'}
              spellCheck={false}
              onChange={(event) => setArgs(event.target.value)}
            />
          </div>
          <p className="src-hint">The program starts in the workspace, inside the OS sandbox when it is on.</p>
        </>
      ) : (
        <div className="src-row">
          <label htmlFor={ids.url}>URL</label>
          <input
            id={ids.url}
            type="url"
            value={url}
            placeholder="http://127.0.0.1:3001/mcp"
            autoComplete="off"
            spellCheck={false}
            onChange={(event) => setUrl(event.target.value)}
          />
        </div>
      )}
      <div className="src-actions">
        <button type="submit" className="primary" disabled={adding !== undefined}>
          Add server
        </button>
        <output aria-live="polite" className="src-muted">
          {adding === undefined ? '' : `Starting ${adding} and waiting for its tools (up to 15 s)…`}
          {added === undefined
            ? ''
            : `${added.name} is ${added.state}${added.state === 'ready' ? ` with ${added.tools.length} tools` : ''}.`}
        </output>
      </div>
      {problem === undefined ? null : (
        <p className="error-note" role="alert">
          {problem}
        </p>
      )}
      {error === undefined ? null : <ErrorNote error={error} />}
    </form>
  );
}
