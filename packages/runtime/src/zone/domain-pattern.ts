/** A host name (`docs.python.org`, only itself) or `*.` + one (`*.mozilla.org`, its subdomains only). */
export interface DomainPattern {
  readonly text: string;
  /** The host itself, or the suffix with its leading dot (`.mozilla.org`) for a wildcard. */
  readonly host: string;
  readonly subdomains: boolean;
}

const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

/** Compiles one entry of `domains`, or says why it is not a host name pattern. */
export function compileDomainPattern(text: string): DomainPattern | string {
  const subdomains = text.startsWith('*.');
  const host = normalHost(subdomains ? text.slice(2) : text);
  const labels = host.split('.');
  if (host === '' || host.length > 253 || !labels.every((label) => LABEL.test(label))) {
    return `"${text}" is not a host name (letters, digits and "-" between dots), nor "*." followed by one`;
  }
  return { text, host: subdomains ? `.${host}` : host, subdomains };
}

/** Whether `host` (any case, a trailing dot allowed) matches `pattern`. */
export function matchesDomain(pattern: DomainPattern, host: string): boolean {
  const name = normalHost(host);
  if (!pattern.subdomains) return name === pattern.host;
  return name.length > pattern.host.length && name.endsWith(pattern.host);
}

function normalHost(host: string): string {
  const lower = host.toLowerCase();
  return lower.endsWith('.') ? lower.slice(0, -1) : lower;
}
