import type { CycleSnapshot } from '../../api/types.js';

/**
 * A CycleDetector's counts as a person reads them: the same call in a row against its warn and block
 * marks, the streaks, the failure counting towards escalation, and the calls it remembers.
 */
export function CycleStatePanel({ snapshot, testId }: { readonly snapshot: CycleSnapshot; readonly testId: string }) {
  const { config, repeat, explorationStreak, actionStreak, failure, recent } = snapshot;
  const category = [...recent].reverse().find((call) => call.tool === repeat.tool)?.category ?? 'exploration';
  const marks = config.thresholds[category];
  return (
    <dl className="lp-state" data-testid={testId}>
      <div className="lp-stat" data-stat="repeat" data-count={repeat.count}>
        <dt>Same call in a row</dt>
        <dd>
          <strong>{repeat.count}</strong> {repeat.tool === undefined ? null : <code>{repeat.tool}</code>}
          <Meter value={repeat.count} warn={marks.warnAt} block={marks.blockAt} />
          <span className="lp-marks">
            {category}: warn at {marks.warnAt}, block at {marks.blockAt}
          </span>
        </dd>
      </div>
      <div className="lp-stat" data-stat="failures" data-count={failure?.count ?? 0}>
        <dt>Same failure in a row</dt>
        <dd>
          <strong>{failure?.count ?? 0}</strong>{' '}
          {failure === undefined ? null : (
            <>
              <code>{failure.code}</code> on <code>{failure.target}</code>
            </>
          )}
          <Meter
            value={failure?.count ?? 0}
            warn={config.failuresBeforeEscalation}
            block={config.failuresBeforeEscalation}
          />
          <span className="lp-marks">asks a person at {config.failuresBeforeEscalation}</span>
        </dd>
      </div>
      <div className="lp-stat" data-stat="exploration-streak" data-count={explorationStreak}>
        <dt>Exploration streak</dt>
        <dd>
          <strong>{explorationStreak}</strong>
          <span className="lp-marks">
            warn at {config.explorationStreak.warnAt}, block at {config.explorationStreak.blockAt}
          </span>
        </dd>
      </div>
      <div className="lp-stat" data-stat="action-streak" data-count={actionStreak}>
        <dt>Action streak</dt>
        <dd>
          <strong>{actionStreak}</strong>
          <span className="lp-marks">
            warn at {config.actionStreak.warnAt}, block at {config.actionStreak.blockAt}
          </span>
        </dd>
      </div>
      <div className="lp-stat lp-recent">
        <dt>Calls it remembers</dt>
        <dd>
          {recent.length === 0 ? (
            <span className="lp-marks">none yet</span>
          ) : (
            <ol>
              {recent.map((call, index) => (
                // The window repeats the same tool: its place is what tells two entries apart.
                // biome-ignore lint/suspicious/noArrayIndexKey: see above.
                <li key={index} className={`lp-recent-${call.category}`}>
                  <code>{call.tool}</code>
                </li>
              ))}
            </ol>
          )}
        </dd>
      </div>
    </dl>
  );
}

/** How far a count is towards its block mark, coloured by the mark it reached (the number says it in words). */
function Meter({ value, warn, block }: { readonly value: number; readonly warn: number; readonly block: number }) {
  const level = value >= block ? 'block' : value >= warn ? 'warn' : 'ok';
  const width = `${Math.min(100, (value / Math.max(block, 1)) * 100)}%`;
  return (
    <span className={`lp-meter lp-meter-${level}`} aria-hidden="true">
      <span style={{ width }} />
    </span>
  );
}
