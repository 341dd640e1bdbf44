/**
 * Extension keywords that mark what a string parameter means. Governance reads them (the Sandbox
 * resolves every `Path`); every dialect exporter strips them.
 */
export const PATH_KEYWORD = 'x-wesgine-path';
export const COMMAND_KEYWORD = 'x-wesgine-command';
export const URL_KEYWORD = 'x-wesgine-url';
export const RECIPIENT_KEYWORD = 'x-wesgine-recipient';

export const EXTENSION_KEYWORDS = [PATH_KEYWORD, COMMAND_KEYWORD, URL_KEYWORD, RECIPIENT_KEYWORD] as const;

export type PathAccess = 'read' | 'write';
