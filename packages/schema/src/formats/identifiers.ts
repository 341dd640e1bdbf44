// Identifier-like formats: `uri`, `uuid` and `duration`.

const SCHEME = /^[a-z][a-z0-9+.-]*:/i;
// Characters RFC 3986 allows anywhere in a URI, plus `%` (checked separately as an escape).
const URI_BODY = /^[a-z0-9\-._~:/?#[\]@!$&'()*+,;=%]*$/i;
const BAD_ESCAPE = /%(?![0-9a-f]{2})/i;
const UUID = /^(?:urn:uuid:)?[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DURATION = /^P(?:\d+W|(?=\d|T\d)(?:\d+Y)?(?:\d+M)?(?:\d+D)?(?:T(?=\d)(?:\d+H)?(?:\d+M)?(?:\d+S)?)?)$/;

/** An absolute URI (`https://example.com/a?b#c`, `mailto:x@y.z`): a scheme, then only characters RFC 3986 allows. */
export function isUri(value: string): boolean {
  return SCHEME.test(value) && URI_BODY.test(value) && !BAD_ESCAPE.test(value);
}

/** `123e4567-e89b-12d3-a456-426614174000`, any case, optionally prefixed by `urn:uuid:`. */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}

/** An ISO 8601 duration: `P3D`, `PT1H30M`, `P1Y2M`, `P2W`. At least one component; whole numbers only. */
export function isDuration(value: string): boolean {
  return DURATION.test(value);
}
