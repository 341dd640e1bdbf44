/**
 * True when `value` is a whole multiple of `divisor` (> 0) as the decimals JSON writes them: `0.3` is
 * a multiple of `0.01` although `0.3 % 0.01` is not 0 in binary floating point. Both numbers are read
 * as their shortest decimal spelling (what `JSON.stringify` writes), scaled to integers and compared
 * exactly, so `0.333` is refused and no tolerance lets a near miss in. Ajv reaches the same answers
 * with `multipleOfPrecision` for values whose quotient is small enough for its tolerance to hold.
 */
export function isMultipleOf(value: number, divisor: number): boolean {
  if (!Number.isFinite(value) || !Number.isFinite(divisor) || divisor <= 0) return false;
  if (Number.isSafeInteger(value) && Number.isSafeInteger(divisor)) return value % divisor === 0;
  const a = decimal(value);
  const b = decimal(divisor);
  const scale = Math.max(a.exponent, b.exponent);
  const left = a.digits * 10n ** BigInt(scale - a.exponent);
  const right = b.digits * 10n ** BigInt(scale - b.exponent);
  return right !== 0n && left % right === 0n;
}

interface Decimal {
  /** The value is `digits / 10 ** exponent`. */
  readonly digits: bigint;
  readonly exponent: number;
}

function decimal(value: number): Decimal {
  const [mantissa = '0', power = '0'] = String(Math.abs(value)).split('e');
  const [whole = '0', fraction = ''] = mantissa.split('.');
  const exponent = fraction.length - Number(power);
  const digits = BigInt(whole + fraction);
  // A positive power leaves a negative exponent: multiply it out so the exponent is never below 0.
  return exponent >= 0 ? { digits, exponent } : { digits: digits * 10n ** BigInt(-exponent), exponent: 0 };
}
