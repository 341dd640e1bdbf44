import type { FetchMessageObject, MessageAddressObject, MessageStructureObject } from 'imapflow';

/** One message as `email.search` lists it (and gives programs as `data`). */
export interface MessageSummary {
  readonly uid: number;
  /** When the server received it, ISO 8601 in UTC. */
  readonly date: string | undefined;
  readonly from: string;
  readonly to: string;
  readonly subject: string;
  readonly seen: boolean;
  readonly attachments: number;
  readonly size: number | undefined;
}

/** A fetched message (envelope, flags, internal date, size, body structure) as a summary. */
export function messageSummary(message: FetchMessageObject): MessageSummary {
  const { envelope } = message;
  const internal = message.internalDate;
  const date = internal instanceof Date ? internal : internal === undefined ? undefined : new Date(internal);
  return {
    uid: message.uid,
    date: date === undefined || Number.isNaN(date.getTime()) ? undefined : date.toISOString(),
    from: addressList(envelope?.from, 1),
    to: addressList([...(envelope?.to ?? []), ...(envelope?.cc ?? [])], 3),
    subject: oneLine(envelope?.subject ?? ''),
    seen: message.flags?.has('\\Seen') === true,
    attachments: message.bodyStructure === undefined ? 0 : countAttachments(message.bodyStructure),
    size: message.size,
  };
}

/** The summary as one line of the listing the model reads. */
export function summaryLine(summary: MessageSummary): string {
  const parts = [
    `uid ${summary.uid}`,
    summary.date === undefined ? 'no date' : `${summary.date.slice(0, 16).replace('T', ' ')} UTC`,
    `from ${summary.from === '' ? '(nobody)' : summary.from}`,
    `to ${summary.to === '' ? '(nobody)' : summary.to}`,
    summary.subject === '' ? '(no subject)' : JSON.stringify(summary.subject),
  ];
  if (!summary.seen) parts.push('unread');
  if (summary.attachments > 0) parts.push(`${summary.attachments} attachment${summary.attachments === 1 ? '' : 's'}`);
  return parts.join(' · ');
}

/** Addresses as `Name <a@b>`, the first `shown` of them and how many more. */
export function addressList(addresses: readonly MessageAddressObject[] | undefined, shown: number): string {
  const all = (addresses ?? []).map((entry) => {
    const address = entry.address ?? '';
    const name = oneLine(entry.name ?? '');
    return name === '' || name === address ? address : `${name} <${address}>`;
  });
  const more = all.length - shown;
  return more > 0 ? `${all.slice(0, shown).join(', ')} and ${more} more` : all.join(', ');
}

/** Text on one line: line breaks and tabs from a header become spaces. */
export function oneLine(text: string): string {
  return text.replace(/[\p{Cc}\u2028\u2029]+/gu, ' ').trim();
}

/** How many parts are attachments: marked so, or named files that are not the message's text. */
function countAttachments(node: MessageStructureObject): number {
  if (node.childNodes !== undefined && node.childNodes.length > 0) {
    return node.childNodes.reduce((total, child) => total + countAttachments(child), 0);
  }
  if (node.disposition === 'attachment') return 1;
  const named = node.dispositionParameters?.filename ?? node.parameters?.name;
  const text = node.type === 'text/plain' || node.type === 'text/html';
  return named !== undefined && node.disposition !== 'inline' && !text ? 1 : 0;
}
