/** The few DOM shapes the converter touches: a browser's DOM and a parsed file's tree both have them. */
interface DomNode {
  readonly nodeType: number;
  readonly textContent: string | null;
  readonly childNodes: ArrayLike<DomNode>;
}

interface DomElement extends DomNode {
  readonly tagName: string;
  hasAttribute(name: string): boolean;
  getAttribute(name: string): string | null | undefined;
}

/** Where the converter reads from when it does not run inside a page (`htmlToMarkdown` in Node). */
export interface MarkdownSource {
  /** The parsed document (or any element holding it). */
  readonly root: DomNode;
  /** What relative links and images resolve against; without one they are kept as plain text. */
  readonly baseUrl: string | undefined;
}

interface PageWindow {
  readonly document: DomNode & { readonly baseURI: string };
  getComputedStyle(element: DomElement): { readonly display: string; readonly visibility: string };
}

/**
 * The main content of a page as readable Markdown. Passed to `page.evaluate` it runs inside the page
 * (so it uses nothing from outside its own body) and sees the page as laid out; given a `source` it reads
 * a parsed file's tree, where only attributes and inline styles can hide things.
 *
 * The main content is `main`, else `[role=main]`, else the page's only `article`, else the body.
 * Kept: headings, paragraphs, links with absolute web or mail addresses (links within the page as text), images with
 * alt text, nested lists, fenced code with its language (`language-x`, `lang-x`, `highlight-source-x`,
 * or a bare language name as rustdoc writes it), inline code, emphasis, quotes and data tables. Tables
 * used for layout (a cell holding a table, list, heading or code block) become blocks. Left out: hidden
 * elements (`hidden`, `aria-hidden`, `display: none`, `visibility: hidden`), scripts, forms, buttons,
 * heading permalinks (`#`, `¶`), and navigation chrome: `nav`, `aside`, `footer`, the roles navigation,
 * banner, contentinfo, complementary, search, menu and toolbar, and elements whose class, id or tag name
 * (for containers: `div`, `section`, lists, tables, `p`, custom elements) has a word such as `sidebar`,
 * `navbar`, `header`, `breadcrumbs`, `menu` or `toolbar`, unless they hold a heading (a section's header).
 * Returns at most `maxChars` characters and the full length.
 */
export function pageMarkdown(maxChars: number, source?: MarkdownSource): { markdown: string; length: number } {
  const TEXT_NODE = 3;
  const ELEMENT_NODE = 1;
  // Private-use marks that survive the line tidying: an indent unit, and a protected newline and space
  // inside code blocks. Page text never carries them (they are removed from text nodes).
  const INDENT = '\uE000';
  const NEWLINE = '\uE001';
  const SPACE = '\uE002';
  const MARKS = /[\uE000-\uE002]/g;
  const SKIP = new Set(
    'SCRIPT STYLE NOSCRIPT TEMPLATE SVG CANVAS IFRAME OBJECT EMBED HEAD TITLE BUTTON SELECT INPUT TEXTAREA NAV ASIDE FOOTER DIALOG'.split(
      ' ',
    ),
  );
  const BLOCK = new Set(
    'ADDRESS ARTICLE BODY CAPTION DD DETAILS DIV DL FIELDSET FIGCAPTION FIGURE FORM HEADER HGROUP MAIN SECTION SUMMARY TBODY TD TH THEAD TR CENTER'.split(
      ' ',
    ),
  );
  const CHROME_ROLES = new Set(
    'navigation banner contentinfo complementary search menu menubar toolbar doc-pagelist'.split(' '),
  );
  const CHROME_WORDS = new Set(
    'nav navbar navigation navheader navfooter header sidebar sidenav menu menubar breadcrumb breadcrumbs toolbar pagination pager skiplink'.split(
      ' ',
    ),
  );
  const CONTAINERS = new Set('DIV SECTION HEADER UL OL DL TABLE TR TD P'.split(' '));
  const LANGUAGES = new Set(
    'rust python py js javascript ts typescript jsx tsx c cpp java go ruby sh bash shell console zsh toml json yaml yml html xml css sql diff kotlin swift php perl lua haskell make makefile dockerfile ini'.split(
      ' ',
    ),
  );
  const PERMALINKS = new Set(['#', '¶', '§', '🔗', '⚓']);
  // Elements nested deeper than this are read as plain text (Chromium's parser stops nesting at 512).
  const MAX_DEPTH = 400;
  let depth = 0;

  const page = source === undefined ? (globalThis as unknown as PageWindow) : undefined;
  const baseUrl = source === undefined ? page?.document.baseURI : source.baseUrl;
  const pageAddress = baseUrl?.replace(/#.*$/, '');

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
  // Child lists are walked by index: copying each one into an array costs more than the rest of the walk.
  const elements = (node: DomNode): DomElement[] => {
    const found: DomElement[] = [];
    const list = node.childNodes;
    for (let index = 0; index < list.length; index++) {
      const child = list[index] as DomNode;
      if (child.nodeType === ELEMENT_NODE) found.push(child as DomElement);
    }
    return found;
  };
  // A parsed file's tree answers `undefined` for a missing attribute where the DOM answers `null`.
  const attr = (element: DomElement, name: string): string | undefined => element.getAttribute(name) ?? undefined;
  const classOf = (element: DomElement): string => attr(element, 'class') ?? '';
  /**
   * The first element below `node` (depth first) that `test` accepts. Walks with a stack of its own, as
   * do `survey` and `flatText`: a file's tree can nest deeper than the call stack reaches.
   */
  const find = (node: DomNode, test: (element: DomElement) => boolean): DomElement | undefined => {
    const stack = elements(node).reverse();
    for (let next = stack.pop(); next !== undefined; next = stack.pop()) {
      if (test(next)) return next;
      stack.push(...elements(next).reverse());
    }
    return undefined;
  };
  /** The text below `node` for subtrees nested deeper than `MAX_DEPTH`: what is shown, in plain words. */
  const flatText = (node: DomNode): string => {
    let out = '';
    const stack: DomNode[] = [node];
    for (let next = stack.pop(); next !== undefined; next = stack.pop()) {
      if (next.nodeType === TEXT_NODE) out += next.textContent ?? '';
      else if (next === node || (next.nodeType === ELEMENT_NODE && !SKIP.has((next as DomElement).tagName))) {
        if (next !== node && hidden(next as DomElement)) continue;
        const list = next.childNodes;
        for (let index = list.length - 1; index >= 0; index--) stack.push(list[index] as DomNode);
      }
    }
    return out.replace(MARKS, '');
  };

  const hidden = (element: DomElement): boolean => {
    if (element.hasAttribute('hidden') || attr(element, 'aria-hidden') === 'true') return true;
    if (page === undefined) {
      const style = (attr(element, 'style') ?? '').toLowerCase().replace(/\s+/g, '');
      return /(?:^|;)(?:display:none|visibility:(?:hidden|collapse))/.test(style);
    }
    const style = page.getComputedStyle(element);
    return style.display === 'none' || style.visibility === 'hidden' || style.visibility === 'collapse';
  };
  const chrome = (element: DomElement): boolean => {
    if (CHROME_ROLES.has(attr(element, 'role') ?? '')) return true;
    // Words only mark containers: a link or a span named `header` is part of what it sits in.
    if (!CONTAINERS.has(element.tagName) && !element.tagName.includes('-')) return false;
    const names = `${classOf(element)} ${attr(element, 'id') ?? ''} ${element.tagName.includes('-') ? element.tagName : ''}`;
    const words = names.toLowerCase().split(/[\s_-]+/);
    return (
      words.some((word) => CHROME_WORDS.has(word)) &&
      find(element, (inner) => /^H[1-6]$/.test(inner.tagName)) === undefined
    );
  };

  /** An address as the model can follow it, or undefined for none (a link within the page, a script). */
  const address = (value: string | undefined): string | undefined => {
    if (value === undefined || value.trim() === '') return undefined;
    let url: URL;
    try {
      url = new URL(value.trim(), baseUrl);
    } catch {
      return undefined;
    }
    if (!/^(?:https?|mailto):$/.test(url.protocol)) return undefined;
    if (url.hash !== '' && url.href.replace(/#.*$/, '') === pageAddress) return undefined;
    return url.href.replace(/[()\s]/g, encodeURIComponent);
  };

  const children = (node: DomNode, pre: boolean): string => {
    if (depth >= MAX_DEPTH) return pre ? flatText(node) : ` ${flatText(node).replace(/\s+/g, ' ')} `;
    depth += 1;
    let out = '';
    const parent = node.nodeType === ELEMENT_NODE ? (node as DomElement) : undefined;
    const list = node.childNodes;
    for (let index = 0; index < list.length; index++) out += render(list[index] as DomNode, pre, parent);
    depth -= 1;
    return out;
  };
  const wrap = (text: string, mark: string): string => {
    const inner = oneLine(text);
    return inner === '' ? '' : `${mark}${inner}${mark}`;
  };

  const list = (element: DomElement): string => {
    const ordered = element.tagName === 'OL';
    const start = ordered ? Number(attr(element, 'start') ?? '1') || 1 : 1;
    const items: string[] = [];
    for (const item of elements(element)) {
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
    const rows: DomElement[] = [];
    const collect = (node: DomElement, level: number) => {
      for (const child of elements(node)) {
        if (child.tagName === 'TR') {
          if (!hidden(child)) rows.push(child);
        } else if (/^T(?:HEAD|BODY|FOOT)$/.test(child.tagName) && level < 4) collect(child, level + 1);
      }
    };
    collect(element, 0);
    const cells = rows.map((row) => elements(row).filter((cell) => cell.tagName === 'TD' || cell.tagName === 'TH'));
    const width = Math.max(0, ...cells.map((row) => row.length));
    if (width === 0) return '';
    const layout =
      width === 1 ||
      cells.some((row) =>
        row.some((cell) => find(cell, (inner) => /^(?:TABLE|PRE|UL|OL|BLOCKQUOTE|H[1-6])$/.test(inner.tagName))),
      );
    if (layout) return block(cells.map((row) => row.map((cell) => block(children(cell, false))).join('')).join(''));
    const texts = cells.map((row) => row.map((cell) => oneLine(children(cell, false)).replace(/\|/g, '\\|')));
    const line = (row: string[]) => `| ${Array.from({ length: width }, (_, index) => row[index] ?? '').join(' | ')} |`;
    const [head = [], ...body] = texts;
    return `\n\n${[line(head), line(Array(width).fill('---')), ...body.map(line)].join('\n')}\n\n`;
  };

  /** A code block's text as shown: hidden variants, buttons and inputs left out, line breaks kept. */
  const codeText = (node: DomNode, seen = new Map<string, boolean>(), level = 0): string => {
    if (depth + level >= MAX_DEPTH) return flatText(node);
    let out = '';
    const list = node.childNodes;
    for (let index = 0; index < list.length; index++) {
      const child = list[index] as DomNode;
      if (child.nodeType === TEXT_NODE) out += child.textContent ?? '';
      else if (child.nodeType === ELEMENT_NODE) {
        const element = child as DomElement;
        if (element.tagName === 'BR') out += '\n';
        else if (!SKIP.has(element.tagName) && !hiddenInCode(element, seen)) out += codeText(element, seen, level + 1);
      }
    }
    return out;
  };
  /**
   * Highlighted code is thousands of spans of a few classes: within one block, elements of the same tag
   * and classes (and no inline style) are styled alike, so each kind's style is asked for once.
   */
  const hiddenInCode = (element: DomElement, seen: Map<string, boolean>): boolean => {
    if (attr(element, 'style') !== undefined) return hidden(element);
    const kind = `${element.tagName} ${classOf(element)} ${attr(element, 'hidden') ?? '-'} ${attr(element, 'aria-hidden') ?? '-'}`;
    let answer = seen.get(kind);
    if (answer === undefined) {
      answer = hidden(element);
      seen.set(kind, answer);
    }
    return answer;
  };
  const languageOf = (elementsToRead: (DomElement | undefined)[]): string => {
    for (const element of elementsToRead) {
      if (element === undefined) continue;
      const named = attr(element, 'data-lang') ?? attr(element, 'data-language');
      if (named !== undefined && /^[\w+#.-]+$/.test(named)) return named.toLowerCase();
      const classes = classOf(element);
      const marked = /(?:^|\s)(?:language|lang|highlight-source|highlight)-([\w+#.-]+)/.exec(classes)?.[1];
      if (marked !== undefined) return marked;
      const bare = classes.split(/\s+/).find((name) => LANGUAGES.has(name.toLowerCase()));
      if (bare !== undefined) return bare.toLowerCase();
    }
    return '';
  };
  const code = (element: DomElement, parent: DomElement | undefined): string => {
    // Leading blank lines say nothing (and a parser keeps or drops the one after `<pre>` as it likes).
    const text = codeText(element)
      .replace(MARKS, '')
      .replace(/^(?:[ \t]*\r?\n)+/, '')
      .replace(/\s+$/, '');
    if (text.trim() === '') return '';
    const inner = find(element, (child) => child.tagName === 'CODE' && !hidden(child));
    const language = languageOf([inner, element, parent]);
    const longest = Math.max(2, ...(text.match(/`+/g) ?? []).map((run: string) => run.length));
    const fence = '`'.repeat(longest + 1);
    const protectedText = text.replace(/ /g, SPACE).replace(/\t/g, SPACE.repeat(4)).replace(/\n/g, NEWLINE);
    return `\n\n${fence}${language}${NEWLINE}${protectedText}${NEWLINE}${fence}\n\n`;
  };

  function render(node: DomNode, pre: boolean, parent?: DomElement): string {
    if (node.nodeType === TEXT_NODE) {
      const text = (node.textContent ?? '').replace(MARKS, '');
      return pre ? text : text.replace(/\s+/g, ' ');
    }
    if (node.nodeType !== ELEMENT_NODE) return '';
    const element = node as DomElement;
    const tag = element.tagName;
    if (SKIP.has(tag) || hidden(element) || chrome(element)) return '';
    const heading = /^H([1-6])$/.exec(tag);
    if (heading !== null) {
      const text = oneLine(children(element, pre));
      return text === '' ? '' : `\n\n${'#'.repeat(Number(heading[1]))} ${text}\n\n`;
    }
    const inner = (): string => children(element, pre);
    switch (tag) {
      case 'P':
        return block(inner());
      case 'BR':
        return '\n';
      case 'HR':
        return '\n\n---\n\n';
      case 'A': {
        const text = oneLine(inner());
        const href = address(attr(element, 'href'));
        if (href === undefined) return PERMALINKS.has(text) ? '' : text;
        return text === '' ? '' : `[${text.replace(/[[\]]/g, '\\$&')}](${href})`;
      }
      case 'IMG': {
        const alt = oneLine(attr(element, 'alt') ?? '');
        const src = address(attr(element, 'src'));
        return alt === '' || src === undefined ? '' : `![${alt.replace(/[[\]]/g, '\\$&')}](${src})`;
      }
      case 'STRONG':
      case 'B':
        return wrap(inner(), '**');
      case 'EM':
      case 'I':
        return wrap(inner(), '_');
      case 'DEL':
      case 'S':
        return wrap(inner(), '~~');
      case 'SUP': {
        const text = oneLine(inner());
        return text === '' ? '' : /^[\w.+-]+$/.test(text) ? `^${text}` : `^(${text})`;
      }
      case 'CODE': {
        const text = oneLine(codeText(element).replace(MARKS, ''));
        if (text === '') return '';
        const fence = text.includes('`') ? '``' : '`';
        return `${fence}${fence.length > 1 ? ' ' : ''}${text}${fence.length > 1 ? ' ' : ''}${fence}`;
      }
      case 'PRE':
        return code(element, parent);
      case 'UL':
      case 'OL':
        return list(element);
      case 'TABLE':
        return table(element);
      case 'BLOCKQUOTE': {
        const text = tidy(inner());
        return text === ''
          ? ''
          : `\n\n${text
              .split('\n')
              .map((line) => `> ${line}`.trimEnd())
              .join('\n')}\n\n`;
      }
      case 'DT':
        return block(wrap(inner(), '**'));
      case 'LI':
        return block(inner());
      default:
        return BLOCK.has(tag) ? block(inner()) : inner();
    }
  }

  const top = source?.root ?? page?.document;
  // One walk finds every candidate for the main content, in document order.
  const candidates: { main?: DomElement; role?: DomElement; body?: DomElement; articles: DomElement[] } = {
    articles: [],
  };
  const stack: [DomElement, boolean][] = top === undefined ? [] : elements(top).map((element) => [element, false]);
  stack.reverse();
  for (let next = stack.pop(); next !== undefined; next = stack.pop()) {
    const [element, inArticle] = next;
    const tag = element.tagName;
    if (SKIP.has(tag)) continue;
    if (tag === 'MAIN' && candidates.main === undefined && !hidden(element)) candidates.main = element;
    else if (candidates.role === undefined && attr(element, 'role') === 'main' && !hidden(element))
      candidates.role = element;
    if (tag === 'BODY' && candidates.body === undefined) candidates.body = element;
    // Articles inside an article (comments, cards) do not count against "the only article".
    if (tag === 'ARTICLE' && !inArticle) candidates.articles.push(element);
    const below = inArticle || tag === 'ARTICLE';
    stack.push(
      ...elements(element)
        .map((child): [DomElement, boolean] => [child, below])
        .reverse(),
    );
  }
  const main: DomNode | undefined =
    candidates.main ??
    candidates.role ??
    (candidates.articles.length === 1 ? candidates.articles[0] : undefined) ??
    candidates.body ??
    top;
  const markdown =
    main === undefined
      ? ''
      : tidy(children(main, false))
          .replace(new RegExp(INDENT, 'g'), ' ')
          .replace(new RegExp(NEWLINE, 'g'), '\n')
          .replace(new RegExp(SPACE, 'g'), ' ');
  return { markdown: markdown.slice(0, maxChars), length: markdown.length };
}
