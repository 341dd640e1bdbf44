/** A mailbox name: any characters but control characters (a line break would end the IMAP command). */
export const MAILBOX_PATTERN = '^[^\\u0000-\\u001f\\u007f]+$';
