// The file types grep's `type` accepts: ripgrep's names, each a list of globs matched against the file
// name. Both engines use this table (ripgrep gets it through --type-add), so they agree on every type.
import { ToolError } from '@wesgine/schema';

const TYPES: Readonly<Record<string, readonly string[]>> = {
  c: ['*.[chH]', '*.[chH].in', '*.cats'],
  clojure: ['*.clj', '*.cljc', '*.cljs', '*.cljx'],
  cmake: ['*.cmake', 'CMakeLists.txt'],
  config: ['*.cfg', '*.conf', '*.config', '*.ini'],
  cpp: [
    '*.[ChH]',
    '*.[ChH].in',
    '*.[ch]pp',
    '*.[ch]pp.in',
    '*.[ch]xx',
    '*.[ch]xx.in',
    '*.cc',
    '*.cc.in',
    '*.hh',
    '*.hh.in',
    '*.inl',
  ],
  csharp: ['*.cs'],
  css: ['*.css', '*.scss'],
  csv: ['*.csv'],
  dart: ['*.dart'],
  docker: ['*Dockerfile*'],
  elixir: ['*.eex', '*.ex', '*.exs'],
  erlang: ['*.erl', '*.hrl'],
  go: ['*.go'],
  graphql: ['*.graphql', '*.graphqls', '*.gql'],
  haskell: ['*.hs', '*.lhs', '*.hsc'],
  html: ['*.ejs', '*.htm', '*.html'],
  java: ['*.java', '*.jsp', '*.jspx', '*.properties'],
  js: ['*.js', '*.jsx', '*.mjs', '*.cjs', '*.vue'],
  json: ['*.json', 'composer.lock'],
  jsonl: ['*.jsonl'],
  kotlin: ['*.kt', '*.kts'],
  less: ['*.less'],
  lua: ['*.lua'],
  make: ['*.mak', '*.mk', '[Gg][Nn][Uu]makefile', '[Mm]akefile', '[Mm]akefile.am', '[Mm]akefile.in'],
  md: ['*.markdown', '*.md', '*.mdown', '*.mdx', '*.mkdn'],
  markdown: ['*.markdown', '*.md', '*.mdown', '*.mdx', '*.mkdn'],
  nix: ['*.nix'],
  ocaml: ['*.ml', '*.mli', '*.mll', '*.mly'],
  perl: ['*.PL', '*.perl', '*.pl', '*.plh', '*.plx', '*.pm', '*.t'],
  php: ['*.php', '*.php3', '*.php4', '*.php5', '*.phtml'],
  protobuf: ['*.proto'],
  py: ['*.py', '*.pyi'],
  r: ['*.R', '*.Rmd', '*.Rnw', '*.r'],
  rst: ['*.rst'],
  ruby: ['*.gemspec', '*.rb', '*.rbw', '.irbrc', 'Gemfile', 'Rakefile', 'config.ru'],
  rust: ['*.rs'],
  sass: ['*.sass', '*.scss'],
  scala: ['*.sbt', '*.scala'],
  sh: ['*.bash', '*.bashrc', '*.csh', '*.ksh', '*.sh', '*.zsh', '.bash_profile', '.bashrc', '.profile', '.zshrc'],
  sql: ['*.psql', '*.sql'],
  svelte: ['*.svelte'],
  svg: ['*.svg'],
  swift: ['*.swift'],
  tex: ['*.bib', '*.cls', '*.sty', '*.tex'],
  tf: ['*.tf', '*.tfvars'],
  toml: ['*.toml', 'Cargo.lock'],
  ts: ['*.ts', '*.tsx', '*.mts', '*.cts'],
  txt: ['*.txt'],
  vim: ['*.vim'],
  xml: ['*.dtd', '*.rng', '*.xhtml', '*.xml', '*.xsd', '*.xsl', '*.xslt'],
  yaml: ['*.yaml', '*.yml'],
  zig: ['*.zig'],
};

const ALIASES: Readonly<Record<string, string>> = {
  javascript: 'js',
  typescript: 'ts',
  python: 'py',
  rs: 'rust',
  golang: 'go',
  shell: 'sh',
  bash: 'sh',
  yml: 'yaml',
  rb: 'ruby',
  'c++': 'cpp',
  cs: 'csharp',
  kt: 'kotlin',
};

/** The globs of a type name (ripgrep's, a few common spellings too); a clear error for an unknown one. */
export function typeGlobs(name: string): readonly string[] {
  const key = name.trim().toLowerCase();
  const globs = TYPES[key] ?? TYPES[ALIASES[key] ?? ''];
  if (globs !== undefined) return globs;
  throw new ToolError(
    'invalid_arguments',
    `Unknown file type '${name}'. Use one of: ${Object.keys(TYPES).join(', ')}; or filter by file name with glob instead (e.g. glob: "*.vue").`,
  );
}
