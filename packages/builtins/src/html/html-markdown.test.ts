import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { htmlToMarkdown } from './html-markdown.js';

const PAGES = fileURLToPath(new URL('../../../../test/fixtures/pages/', import.meta.url));

describe('htmlToMarkdown', () => {
  it('gives the main content as Markdown and the title with its entities decoded', () => {
    const result = htmlToMarkdown(
      `<!doctype html><html><head><title> Tips &amp; tricks &#8212; caf&eacute; </title></head><body>
      <nav><a href="/">Home</a></nav>
      <main><h1>Tips <em>and</em> tricks</h1>
      <p>Read <a href="/start?a=1">the start</a> and <a href="https://example.org/x y">elsewhere</a>,
         then   <strong>the end</strong>.</p>
      <ul><li>one</li><li>two<ul><li>two and a half</li></ul></li></ul>
      <pre><code class="language-ts">const x = 1;
if (x) {
    run();
}
</code></pre>
      <table><thead><tr><th>Name</th><th>Value</th></tr></thead><tbody><tr><td>a|b</td><td>2<sup>8</sup></td></tr></tbody></table>
      <p hidden>hidden text</p><p style="display: none">styled away</p><div aria-hidden="true">aria text</div>
      <img src="logo.png" alt="Logo"><script>alert(1)</script>
      </main><footer>Footer text</footer></body></html>`,
      { url: 'https://docs.example.com/guide/page.html' },
    );
    expect(result.title).toBe('Tips & tricks — café');
    expect(result.markdown).toMatchInlineSnapshot(`
      "# Tips _and_ tricks

      Read [the start](https://docs.example.com/start?a=1) and [elsewhere](https://example.org/x%20y), then **the end**.

      - one
      - two
        - two and a half

      \`\`\`ts
      const x = 1;
      if (x) {
          run();
      }
      \`\`\`

      | Name | Value |
      | --- | --- |
      | a\\|b | 2^8 |

      ![Logo](https://docs.example.com/guide/logo.png)"
    `);
  });

  it('leaves out navigation chrome by role, class, id and custom element, but not a block holding a heading', () => {
    const { markdown } = htmlToMarkdown(`<body>
      <div class="rustdoc-breadcrumbs"><a href="/std">std</a></div>
      <div id="sidebar"><ul><li>each</li><li>map</li></ul></div>
      <div role="navigation">Previous chapter</div>
      <div role="search">Search the book</div>
      <page-toolbar>Settings Help</page-toolbar>
      <div class="nav-panel">Next: Simple Example</div>
      <div class="header"><p>Up: <a rel="up" href="index.html">Index</a></p></div>
      <div class="page-menu-wrapper"><h1>Kept title</h1><p>Kept text.</p></div>
      <div class="section-header"><h2>Kept section</h2></div>
      <p>Body text.</p></body>`);
    expect(markdown).toMatchInlineSnapshot(`
      "# Kept title

      Kept text.

      ## Kept section

      Body text."
    `);
  });

  it('fences code with its language from the code, the pre or the block around it, and shows only what is visible', () => {
    const { markdown } = htmlToMarkdown(`<body>
      <pre class="rust rust-example-rendered"><code>fn main() {}</code></pre>
      <div class="highlight-source-python"><pre>print("hi")</pre></div>
      <pre data-lang="toml"><code>[package]</code></pre>
      <pre><code class="language-js cjs">const a = require('a');</code><code class="language-js mjs" style="display:none">import a from 'a';</code><button>copy</button></pre>
      <pre>

line one<br>line two with \`\`\` inside   

</pre>
      <p>Inline <code>a \`b\` c</code> and <code>plain</code>.</p></body>`);
    expect(markdown).toMatchInlineSnapshot(`
      "\`\`\`rust
      fn main() {}
      \`\`\`

      \`\`\`python
      print("hi")
      \`\`\`

      \`\`\`toml
      [package]
      \`\`\`

      \`\`\`js
      const a = require('a');
      \`\`\`

      \`\`\`\`
      line one
      line two with \`\`\` inside
      \`\`\`\`

      Inline \`\` a \`b\` c \`\` and \`plain\`."
    `);
  });

  it('writes links within the page as text, drops heading permalinks and keeps links elsewhere', () => {
    const { markdown } = htmlToMarkdown(
      `<body><h2 id="usage">Usage<a class="anchor" href="#usage">¶</a></h2>
      <h3><a href="#more">More</a> <a href="#more">#</a></h3>
      <p>See <a href="#usage">above</a>, <a href="other.html#part">the other page</a>, <a href="javascript:void(0)">a script</a>,
      <a href="mailto:a@example.com">mail</a> and <a href="/a(b)">brackets</a>.</p></body>`,
      { url: 'https://docs.example.com/guide/page.html' },
    );
    expect(markdown).toMatchInlineSnapshot(`
      "## Usage

      ### More

      See above, [the other page](https://docs.example.com/guide/other.html#part), a script, [mail](mailto:a@example.com) and [brackets](https://docs.example.com/a(b))."
    `);
  });

  it('keeps relative links as text without an address, and resolves them against a <base href>', () => {
    const html = '<body><p><a href="next.html">Next</a> <a href="https://example.org/">Out</a></p></body>';
    expect(htmlToMarkdown(html).markdown).toBe('Next [Out](https://example.org/)');
    expect(htmlToMarkdown(`<head><base href="https://example.net/docs/"></head>${html}`).markdown).toBe(
      '[Next](https://example.net/docs/next.html) [Out](https://example.org/)',
    );
  });

  it('turns layout tables into blocks and keeps data tables as tables', () => {
    const { markdown } = htmlToMarkdown(`<body>
      <table><tr><td><h2>API Menu</h2></td><td><table><tr><th>Key</th><th>Use</th></tr><tr><td>a</td><td>b</td></tr></table></td></tr></table>
      <table><tr><td>Only one column</td></tr><tr><td>second row</td></tr></table></body>`);
    expect(markdown).toMatchInlineSnapshot(`
      "## API Menu

      | Key | Use |
      | --- | --- |
      | a | b |

      Only one column

      second row"
    `);
  });

  it('takes the only article when there is no main, and reads a fragment without a body', () => {
    expect(
      htmlToMarkdown('<body><div class="top">Site name</div><article><h1>Post</h1><p>Words.</p></article></body>')
        .markdown,
    ).toBe('# Post\n\nWords.');
    expect(htmlToMarkdown('<p>Just <b>a</b> fragment</p>')).toEqual({
      title: undefined,
      markdown: 'Just **a** fragment',
    });
    expect(htmlToMarkdown('')).toEqual({ title: undefined, markdown: '' });
    expect(htmlToMarkdown('<title></title><p><<<>>>&&&</p><div><span>unclosed').markdown).toBe('<<<>>>&&&\n\nunclosed');
  });

  it('keeps unicode text and strips the converter’s private marks from page text', () => {
    const { markdown } = htmlToMarkdown('<p>Grüße 👋 日本語 \uE000x\uE001y\uE002z</p><pre>  \uE001 indent</pre>');
    expect(markdown).toBe('Grüße 👋 日本語 xyz\n\n```\n   indent\n```');
  });

  it('reads a 290 kB document in well under two seconds', () => {
    const section =
      '<h2>Part</h2><p>Some <a href="https://example.org/">text</a> and <code>code</code>.</p><pre><code class="language-sh">echo hi</code></pre>';
    const html = `<body><main>${section.repeat(2000)}</main></body>`;
    const started = performance.now();
    const { markdown } = htmlToMarkdown(html);
    expect(performance.now() - started).toBeLessThan(2000);
    expect(markdown.split('## Part').length - 1).toBe(2000);
  });

  it('reads a document nested 100,000 levels deep as plain text past 400 levels, without overflowing the stack', () => {
    const html = `<title>Deep</title><body>${'<div><span>'.repeat(50_000)}deep <b>x</b>${'</span></div>'.repeat(50_000)}<p>after</p></body>`;
    expect(htmlToMarkdown(html)).toEqual({ title: 'Deep', markdown: 'deep x\n\nafter' });
  });

  it('keeps what a real page says and leaves its chrome out', () => {
    const book = htmlToMarkdown(readFileSync(`${PAGES}rust-book-ownership.html`, 'utf8'), {
      url: 'https://doc.rust-lang.org/book/ch04-01-what-is-ownership.html',
    });
    expect(book.title).toBe('What is Ownership? - The Rust Programming Language');
    expect(book.markdown.startsWith('## What Is Ownership?\n\n_Ownership_ is a set of rules')).toBe(true);
    expect(book.markdown).toContain('```rust\nfn main() {');
    expect(book.markdown).not.toContain('Keyboard shortcuts');
    const api = htmlToMarkdown(readFileSync(`${PAGES}libxslt-xsltutils.html`, 'utf8')).markdown;
    expect(api).toContain("Check that a node is a 'real' one: document, element, text or attribute.");
    expect(api).not.toContain('\\|');
  });
});
