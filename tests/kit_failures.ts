import { KitAssertionError } from '../src/testing/kit_driver.ts'

/**
 * Await a kit() chain that must fail and return its failure message. A
 * chain that passes, or fails with anything but a kit assertion, fails the
 * test.
 */
export async function failureOf(chain: PromiseLike<unknown>): Promise<string> {
  try {
    await chain
  } catch (error) {
    if (error instanceof KitAssertionError) {
      return error.message
    }
    throw error
  }
  throw new Error('expected the kit() chain to fail, but it passed')
}
