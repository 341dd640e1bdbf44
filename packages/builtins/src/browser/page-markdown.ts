/** The few DOM shapes the converter touches (this package compiles without the DOM library). */
interface DomNode {
  readonly nodeType: number;
  readonly textContent: string | null;
  readonly childNodes: ArrayLike<DomNode>;
}

interface DomElement extends DomNode {
  readonly tagName: string;
  readonly className: string;
  readonly children: ArrayLike<DomElement>;
  /** Resolved against the page (links). */
  readonly href?: string;
  /** Resolved against the page (images). */
  readonly src?: string;
  hasAttribute(name: string): boolean;
  getAttribute(name: string): string | null;
  querySelector(selector: string): DomElement | null;
  querySelectorAll(selector: string): ArrayLike<DomElement>;
  closest(selector: string): DomElement | null;
}

interface PageWindow {
  readonly document: { querySelector(selector: string): DomElement | null; readonly body: DomElement | null };
  getComputedStyle(element: DomElement): { readonly display: string; readonly visibility: string };
}

/**
 * Runs inside the page (passed to `page.evaluate`, so it uses nothing from outside its own body): the
 * main content (`main`, else `[role=main]`, else the body) as readable Markdown: headings, paragraphs,
 * links with absolute addresses, images with alt text, nested lists, fenced code with its language,
 * inline code and emphasis, quotes, tables. Hidden elements (`hidden`, `aria-hidden`, `display: none`,
 * `visibility: hidden`), scripts, forms and navigation chrome (`nav`, `aside`, `footer`) are left out.
 * Returns at most `maxChars` characters and the full length.
 */
export function pageMarkdown(maxChars: number): { markdown: string; length: number } {
  const { document, getComputedStyle } = globalThis as unknown as PageWindow;
  const TEXT_NODE = 3;
  const ELEMENT_NODE = 1;
  // Private-use marks that survive the line tidying: an indent unit, and a protected newline and space
  // inside code blocks. Page text never carries them (they are removed from text nodes).
  const INDENT = '\uE000';
  const NEWLINE = '\uE001';
  const SPACE = '\uE002';
  const SKIP = new Set([
    'SCRIPT',
    'STYLE',
    'NOSCRIPT',
    'TEMPLATE',
    'SVG',
    'CANVAS',
    'IFRAME',
    'OBJECT',
    'EMBED',
    'HEAD',
    'BUTTON',
    'SELECT',
    'INPUT',
    'TEXTAREA',
    'NAV',
    'ASIDE',
    'FOOTER',
    'DIALOG',
  ]);
  const BLOCK = new Set([
    'ADDRESS',
    'ARTICLE',
    'BODY',
    'CAPTION',
    'DD',
    'DETAILS',
    'DIV',
    'DL',
    'FIELDSET',
    'FIGCAPTION',
    'FIGURE',
    'FORM',
    'HEADER',
    'HGROUP',
    'MAIN',
    'SECTION',
    'SUMMARY',
    'TBODY',
    'TD',
    'TH',
    'THEAD',
    'TR',
    'CENTER',
  ]);

  const tidy = (text: string): string =>
    text
      .split('\n')
      .map((line) => line.replace(/[ \t\r\f\v]+/g, ' ').trim())
      .join('\n')
      .replace(/\n{3,}/g, '\n\n')
      .trim();
  const oneLine = (text: string): string => tidy(text).replace(/\n+/g, ' ');
  const block = (text: string): string => {
    const tidied = tidy(text);
    return tidied === '' ? '' : `\n\n${tidied}\n\n`;
  };

  const hidden = (element: DomElement): boolean => {
    if (element.hasAttribute('hidden') || element.getAttribute('aria-hidden') === 'true') return true;
    const style = getComputedStyle(element);
    return style.display === 'none' || style.visibility === 'hidden' || style.visibility === 'collapse';
  };

  const children = (element: DomElement, pre: boolean): string => {
    let out = '';
    for (const child of Array.from(element.childNodes)) out += render(child, pre);
    return out;
  };

  const wrap = (text: string, mark: string): string => {
    const inner = oneLine(text);
    return inner === '' ? '' : `${mark}${inner}${mark}`;
  };

  const list = (element: DomElement): string => {
    const ordered = element.tagName === 'OL';
    const start = ordered ? Number(element.getAttribute('start') ?? '1') || 1 : 1;
    const items: string[] = [];
    for (const item of Array.from(element.children)) {
      if (item.tagName !== 'LI' || hidden(item)) continue;
      const marker = ordered ? `${start + items.length}. ` : '- ';
      const content = tidy(children(item, false)).replace(/\n\n+/g, '\n');
      const lines = content === '' ? [''] : content.split('\n');
      const indent = INDENT.repeat(marker.length);
      items.push(lines.map((line, index) => (index === 0 ? `${marker}${line}` : `${indent}${line}`)).join('\n'));
    }
    return items.length === 0 ? '' : `\n\n${items.join('\n')}\n\n`;
  };

  const table = (element: DomElement): string => {
    const rows: string[][] = [];
    for (const row of Array.from(element.querySelectorAll('tr'))) {
      if (row.closest('table') !== element || hidden(row)) continue;
      const cells = Array.from(row.children).filter((cell) => cell.tagName === 'TD' || cell.tagName === 'TH');
      rows.push(cells.map((cell) => oneLine(children(cell, false)).replace(/\|/g, '\\|')));
    }
    const width = Math.max(0, ...rows.map((row) => row.length));
    if (width === 0) return '';
    const line = (row: string[]) => `| ${Array.from({ length: width }, (_, index) => row[index] ?? '').join(' | ')} |`;
    const [head = [], ...body] = rows;
    return `\n\n${[line(head), line(Array(width).fill('---')), ...body.map(line)].join('\n')}\n\n`;
  };

  const code = (element: DomElement): string => {
    const text = (element.textContent ?? '').replace(/[\uE000-\uE002]/g, '').replace(/\n+$/, '');
    const source = element.querySelector('code') ?? element;
    const language =
      /(?:^|\s)(?:language|lang)-([\w+#.-]+)/.exec(`${source.className} ${element.className}`)?.[1] ?? '';
    const longest = Math.max(2, ...(text.match(/`+/g) ?? []).map((run: string) => run.length));
    const fence = '`'.repeat(longest + 1);
    const protectedText = text.replace(/ /g, SPACE).replace(/\t/g, SPACE.repeat(4)).replace(/\n/g, NEWLINE);
    return `\n\n${fence}${language}${NEWLINE}${protectedText}${NEWLINE}${fence}\n\n`;
  };

  function render(node: DomNode, pre: boolean): string {
    if (node.nodeType === TEXT_NODE) {
      const text = (node.textContent ?? '').replace(/[\uE000-\uE002]/g, '');
      return pre ? text : text.replace(/\s+/g, ' ');
    }
    if (node.nodeType !== ELEMENT_NODE) return '';
    const element = node as DomElement;
    const tag = element.tagName;
    if (SKIP.has(tag) || hidden(element)) return '';
    const heading = /^H([1-6])$/.exec(tag);
    if (heading !== null) {
      const text = oneLine(children(element, pre));
      return text === '' ? '' : `\n\n${'#'.repeat(Number(heading[1]))} ${text}\n\n`;
    }
    switch (tag) {
      case 'P':
        return block(children(element, pre));
      case 'BR':
        return '\n';
      case 'HR':
        return '\n\n---\n\n';
      case 'A': {
        const text = oneLine(children(element, pre));
        const href = element.href ?? '';
        if (text === '' || href === '' || !/^https?:/i.test(href)) return text;
        return `[${text.replace(/[[\]]/g, '\\$&')}](${href.replace(/[()\s]/g, encodeURIComponent)})`;
      }
      case 'IMG': {
        const alt = oneLine(element.getAttribute('alt') ?? '');
        const src = element.src ?? '';
        return alt === '' || !/^https?:/i.test(src)
          ? ''
          : `![${alt.replace(/[[\]]/g, '\\$&')}](${src.replace(/[()\s]/g, encodeURIComponent)})`;
      }
      case 'STRONG':
      case 'B':
        return wrap(children(element, pre), '**');
      case 'EM':
      case 'I':
        return wrap(children(element, pre), '_');
      case 'DEL':
      case 'S':
        return wrap(children(element, pre), '~~');
      case 'CODE': {
        const text = oneLine((element.textContent ?? '').replace(/[\uE000-\uE002]/g, ''));
        if (text === '') return '';
        const fence = text.includes('`') ? '``' : '`';
        return `${fence}${fence.length > 1 ? ' ' : ''}${text}${fence.length > 1 ? ' ' : ''}${fence}`;
      }
      case 'PRE':
        return code(element);
      case 'UL':
      case 'OL':
        return list(element);
      case 'TABLE':
        return table(element);
      case 'BLOCKQUOTE': {
        const text = tidy(children(element, pre));
        return text === ''
          ? ''
          : `\n\n${text
              .split('\n')
              .map((line) => `> ${line}`.trimEnd())
              .join('\n')}\n\n`;
      }
      case 'DT':
        return block(wrap(children(element, pre), '**'));
      case 'LI':
        return block(children(element, pre));
      default:
        return BLOCK.has(tag) ? block(children(element, pre)) : children(element, pre);
    }
  }

  const root = document.querySelector('main') ?? document.querySelector('[role="main"]') ?? document.body;
  const markdown =
    root === null
      ? ''
      : tidy(render(root, false))
          .replace(new RegExp(INDENT, 'g'), ' ')
          .replace(new RegExp(NEWLINE, 'g'), '\n')
          .replace(new RegExp(SPACE, 'g'), ' ');
  return { markdown: markdown.slice(0, maxChars), length: markdown.length };
}
