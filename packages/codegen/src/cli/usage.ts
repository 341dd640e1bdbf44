export const USAGE = `wesgine-tools: generate and check wesgine tool packs

Usage:
  wesgine-tools init <dir> [--name <npm-name>]   make <dir> a tool pack: a new one, or add to a package
  wesgine-tools new <tool> [--pack <dir>]        add tools/<tool>.tool.ts to a pack
  wesgine-tools gen [--pack <dir>] [--force]     generate types, schemas, dialects, categories, docs, manifest
  wesgine-tools check [--pack <dir>] [--offline] fail when a generated file is missing or stale
  wesgine-tools docs [--pack <dir>]              regenerate docs/tools.md only
  wesgine-tools list [--pack <dir>]              print the catalogue of tools with their categories
  wesgine-tools call <tool> [<json>] [--pack <dir>]
                                                 validate arguments and run one handler locally
  wesgine-tools serve --mcp [--pack <dir>] [--builtins] [--http <port>] [--zone <file>]
                                                 serve the pack's tools (and the built-ins) to MCP clients:
                                                 over stdio, or Streamable HTTP on 127.0.0.1:<port>
  wesgine-tools import mcp [--name <name>] [--out <dir>] [--prefix <p>] [--tools a,b] -- <command...>
  wesgine-tools import mcp [--name <name>] [--out <dir>] [--prefix <p>] --url <address> [--header 'N: v']...
                                                 type an MCP server's tools: <dir>/<name>.mcp.gen.ts
                                                 (default generated/) with typed call helpers for a run
  wesgine-tools import mcp --update <file|dir>   import those servers again as their files record

With no --pack, a command runs on the pack in the current folder; at a workspace root, gen, check,
docs and list run on every pack in the workspace.

gen and check remember what passed (node_modules/.cache/wesgine-tools), so an unchanged pack is not
loaded or type-checked again; on a terminal (and CI unset) they say each step on stderr. check also
starts (or reaches) the server of every imported *.mcp.gen.ts file and names the tools whose schemas
changed, appeared or vanished (not with --offline); in a folder that is no pack, it checks those
files alone.

Options:
  -h, --help       show this text
  -v, --version    print the version`;
