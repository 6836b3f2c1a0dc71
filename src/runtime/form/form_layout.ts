import { STEP_PARAMETER } from '../../definitions/form/layout/layout_contract.ts'

export { serializeLayout, STEP_PARAMETER } from '../../definitions/form/layout/layout_contract.ts'

/**
 * The step index of a wizard step check, or null when the body asks none.
 * An index that is not a whole number within the steps is clamped out: a
 * negative or malformed one is treated as the first step.
 */
export function requestedStep(body: unknown, steps: number): number | null {
  if (!body || typeof body !== 'object' || !Object.hasOwn(body, STEP_PARAMETER)) {
    return null
  }
  const raw = Number((body as Record<string, unknown>)[STEP_PARAMETER])
  if (!Number.isInteger(raw) || raw < 0) return 0
  return Math.min(raw, Math.max(steps - 1, 0))
}
