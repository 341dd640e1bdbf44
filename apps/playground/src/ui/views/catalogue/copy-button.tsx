import { useEffect, useState } from 'react';

/** Copies `text` to the clipboard and says so; where the browser refuses, it says that instead. */
export function CopyButton({ text, what }: { readonly text: string; readonly what: string }) {
  const [said, setSaid] = useState<'' | 'Copied' | 'Cannot copy here'>('');
  useEffect(() => {
    if (said === '') return;
    const timer = setTimeout(() => setSaid(''), 2000);
    return () => clearTimeout(timer);
  }, [said]);
  return (
    <span className="copy">
      <button
        type="button"
        className="small"
        aria-label={`Copy ${what}`}
        onClick={() => {
          const clipboard = navigator.clipboard as Clipboard | undefined;
          if (clipboard === undefined) return setSaid('Cannot copy here');
          clipboard.writeText(text).then(
            () => setSaid('Copied'),
            () => setSaid('Cannot copy here'),
          );
        }}
      >
        Copy
      </button>
      <output className="muted" aria-live="polite">
        {said}
      </output>
    </span>
  );
}
