/*
 * kit-rating
 *
 * What both renderers share: the stars' look and the value a contract
 * carries read as a number of stars.
 */

/**
 * The color of a star that is on, and of one that is off.
 */
export const STAR_ON = '#f59e0b'
export const STAR_OFF = '#d1d5db'

/**
 * A row's or a form's value as a number of stars (0: not rated).
 */
export function starsOf(value: unknown, max: number): number {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value
  return typeof number === 'number' && Number.isInteger(number) && number >= 1 && number <= max
    ? number
    : 0
}
