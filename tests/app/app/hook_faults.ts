/**
 * Hooks named here throw when they run: tests use it to prove that a failing
 * hook rolls the whole mutation back.
 */
export const hookFaults = new Set<string>()

export function maybeFail(hook: string) {
  if (hookFaults.has(hook)) {
    throw new Error(`${hook} failed on purpose`)
  }
}
