/**
 * Whether a value is a class constructor (and not a lazy import function).
 */
export function isClass(value: unknown): value is new (...args: any[]) => any {
  return typeof value === 'function' && /^class[\s{]/.test(Function.prototype.toString.call(value))
}
