import { useEffect, useRef } from 'react';

const SUFFIX = 'wesgine tools playground';

// The page's first view leaves focus where the browser puts it: at the start, before the skip link.
let opened = false;

/**
 * The view's name in the tab's title while it is shown, and focus on its heading when the view opened from
 * a link that went with the old view (focus would otherwise fall to the page's start, and a keyboard user
 * would start over from the header).
 */
export function useViewHeading(title: string) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    const before = document.title;
    document.title = `${title} · ${SUFFIX}`;
    return () => {
      document.title = before;
    };
  }, [title]);
  useEffect(() => {
    const first = !opened;
    opened = true;
    const active = document.activeElement;
    if (!first && (active === null || active === document.body)) heading.current?.focus({ preventScroll: true });
  }, []);
  return heading;
}
