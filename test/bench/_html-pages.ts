// The real pages the HTML-to-Markdown benchmark scores converters on (copies in test/fixtures/pages/),
// each with sentences of its main content a model must get and bits of chrome it should not.

export interface PageCase {
  /** The copy in test/fixtures/pages/. */
  readonly file: string;
  /** Where the page was installed on the machine it was copied from (opened there when present). */
  readonly source: string;
  /** Phrases of the main content (as plain text) that the Markdown must keep. */
  readonly keep: readonly string[];
  /** Phrases of navigation, footers and hidden parts that the Markdown should leave out. */
  readonly chrome: readonly string[];
}

const RUST = '/root/.rustup/toolchains/stable-x86_64-unknown-linux-gnu/share/doc/rust/html';

export const PAGES: readonly PageCase[] = [
  {
    file: 'node-path.html',
    source: '/usr/share/doc/nodejs/api/path.html',
    keep: [
      'The node:path module provides utilities for working with file and directory paths.',
      'On Windows Node.js follows the concept of per-drive working directory.',
      'The path.win32 property provides access to Windows-specific implementations of the path methods.',
    ],
    chrome: ['About this documentation', 'Asynchronous context tracking', 'Skip to content'],
  },
  {
    file: 'node-url.html',
    source: '/usr/share/doc/nodejs/api/url.html',
    keep: [
      "WHATWG URL's origin property includes protocol and host, but not username or password.",
      'Invalid host values assigned to the host property are ignored.',
      'a host name may contain both Punycode encoded and percent-encoded characters',
    ],
    chrome: ['About this documentation', 'Asynchronous context tracking', 'Skip to content'],
  },
  {
    file: 'rust-book-ownership.html',
    source: `${RUST}/book/ch04-01-what-is-ownership.html`,
    keep: [
      'Ownership is a set of rules that govern how a Rust program manages memory.',
      'This is referred to as last in, first out (LIFO).',
      'Rust has a feature for using a value without transferring ownership: references.',
    ],
    chrome: ['Press ? to show this help', 'Coal Navy Ayu'],
  },
  {
    file: 'rust-std-option.html',
    source: `${RUST}/std/option/index.html`,
    keep: [
      'Type Option represents an optional value',
      'Rust’s pointer types must always point to a valid location; there are no “null” references.',
      'An iterator over a reference to the Some variant of an Option.',
    ],
    chrome: ['Copy item path', 'Expand description'],
  },
  {
    file: 'rust-reference-numeric.html',
    source: `${RUST}/reference/types/numeric.html`,
    keep: [
      'The unsigned integer types consist of:',
      'are f32 and f64, respectively.',
      'An uninitialized byte is not a valid u8.',
    ],
    chrome: ['Press ? to show this help', 'Coal Navy Ayu'],
  },
  {
    file: 'rustc-platform-support.html',
    source: `${RUST}/rustc/platform-support.html`,
    keep: [
      'Support for different platforms (“targets”) are organized into three tiers',
      'Tier 1 targets can be thought of as “guaranteed to work”.',
      'Floating-point support on i586 targets is non-compliant',
    ],
    chrome: ['Press ? to show this help', 'Coal Navy Ayu'],
  },
  {
    file: 'cargo-manifest.html',
    source: `${RUST}/cargo/reference/manifest.html`,
    keep: [
      'The Cargo.toml file for each package is called its manifest.',
      'It is written in the TOML format.',
      'The [profile] tables provide a way to customize compiler settings such as optimizations and debug settings.',
    ],
    chrome: ['Press ? to show this help', 'Coal Navy Ayu'],
  },
  {
    file: 'rust-by-example-closures.html',
    source: `${RUST}/rust-by-example/fn/closures.html`,
    keep: [
      'Closures are functions that can capture the enclosing environment.',
      'Calling a closure is exactly like calling a function.',
      'let one = || 1;',
    ],
    chrome: ['Press ? to show this help', 'Coal Navy Ayu'],
  },
  {
    file: 'ninja-manual.html',
    source: '/usr/share/doc/ninja-build/manual.html',
    keep: [
      'Ninja is yet another build system.',
      'Its distinguishing goal is to be fast.',
      'The restat binding tells Ninja to tolerate the fact that the implicit outputs may not have modification times newer than the tarball itself',
    ],
    chrome: [],
  },
  {
    file: 'zlib-how.html',
    source: '/usr/share/doc/zlib1g-dev/examples/zlib_how.html',
    keep: [
      'We often get questions about how the deflate() and inflate() functions should be used.',
      'So please read between the lines.',
      'zpipe usage: zpipe [-d] < source > dest',
    ],
    chrome: [],
  },
  {
    file: 'libffi-basics.html',
    source: '/usr/share/doc/libffi8/html/The-Basics.html',
    keep: [
      'libffi assumes that you have a pointer to the function you wish to call',
      'The cif in ffi_cif stands for Call InterFace.',
      'arguments should exactly match their declared type',
    ],
    chrome: ['Next: Simple Example, Up: Using libffi'],
  },
  {
    file: 'libxslt-tutorial.html',
    source: '/usr/share/doc/libxslt1-dev/html/tutorial/libxslttutorial.html',
    keep: [
      'This is version 0.4 of the libxslt Tutorial',
      'A tutorial on building a simple application using the libxslt library to perform XSLT transformations to convert an XML file into HTML.',
      'After you are finished, libxslt and libxml provide functions for deallocating memory.',
    ],
    chrome: [],
  },
  {
    file: 'libxslt-xsltutils.html',
    source: '/usr/share/doc/libxslt1-dev/html/html/libxslt-xsltutils.html',
    keep: [
      "Check that a node is a 'real' one: document, element, text or attribute.",
      'This function is similar to xsltGetQNameURI, but is used when @name is a dictionary entry.',
      'This does not close the descriptor.',
    ],
    chrome: ['Action against software patents', 'Mail archive', 'Windows binaries'],
  },
  {
    file: 'underscore.html',
    source: '/usr/share/doc/libjs-underscore/index.html',
    keep: [
      'Underscore is a JavaScript library that provides a whole mess of useful functional programming helpers without extending any built-in objects.',
      'Initial release of Underscore.js.',
      'You can support the project by donating on Patreon.',
    ],
    chrome: ['Annotated Source (modular)', 'Annotated Source (single read)'],
  },
  {
    file: 'expat-reference.html',
    source: '/usr/share/doc/libexpat1-dev/expat.html/reference.html',
    keep: [
      'Expat is a library, written in C, for parsing XML documents.',
      'The end tag simply does the bookkeeping work of decrementing Depth.',
      'Free a block of memory pointed to by ptr.',
    ],
    chrome: [],
  },
];
