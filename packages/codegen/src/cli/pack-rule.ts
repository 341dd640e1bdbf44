/**
 * What makes a folder a tool pack, said the same way by every message that finds none: the CLI's users
 * learn the rule and the way to follow it where they hit it.
 */
export const PACK_RULE =
  'a tool pack is a folder with a package.json and a tools/ folder for its *.tool.ts definitions';

/** How to make `folder` (as the user would type it) a pack; `what` names it in the sentence. */
export function makePackHint(folder: string, what = 'one'): string {
  return `make ${what} with \`wesgine-tools init ${/^[\w./@<>-]+$/.test(folder) ? folder : JSON.stringify(folder)}\``;
}
