import { KitConfigurationException } from '../../support/errors.ts'

/** The shades of a color scale, as in the package stylesheet */
export const THEME_SHADES = [50, 100, 200, 300, 400, 500, 600, 700, 800, 900, 950] as const

/** One shade of a color scale */
export type ThemeShade = (typeof THEME_SHADES)[number]

/**
 * A color of a panel's theme: one CSS color (the 500 shade; the kit mixes
 * the lighter shades with white and the darker ones with black), or the
 * whole scale.
 */
export type ThemeColor = string | Record<ThemeShade, string>

/**
 * A panel's look, applied to the stylesheet's `--kit-*` variables on the
 * panel's pages only.
 *
 * @example
 * ```ts
 * panel('admin').theme({ primary: '#059669', radius: '0.375rem' })
 * ```
 */
export interface PanelTheme {
  /** Buttons, links, the active navigation item (default: indigo) */
  primary?: ThemeColor
  /** Surfaces, borders and text (default: zinc) */
  gray?: ThemeColor
  /** Corner radius of inputs and buttons; cards use 1.5 times it (`0.5rem`) */
  radius?: string
  /** The font family list of the panel */
  font?: string
}

/**
 * How a shade is derived from one base color: the share of the base mixed
 * with white (lighter shades) or black (darker shades).
 */
const MIXES: Record<ThemeShade, [number, 'white' | 'black']> = {
  50: [8, 'white'],
  100: [16, 'white'],
  200: [32, 'white'],
  300: [52, 'white'],
  400: [76, 'white'],
  500: [100, 'white'],
  600: [84, 'black'],
  700: [70, 'black'],
  800: [56, 'black'],
  900: [46, 'black'],
  950: [30, 'black'],
}

/*
 * What a value may hold: a CSS color (`#0ea5e9`, `oklch(60% 0.15 160)`,
 * `rgb(2 132 199 / 90%)`, `teal`), a length, a font list. Nothing that
 * could end the declaration or open another (`;`, `{`, `}`, `<`, `\`).
 */
const COLOR =
  /^(#[0-9a-f]{3,8}|[a-z]+|(rgb|rgba|hsl|hsla|hwb|lab|lch|oklab|oklch)\([0-9a-z.%\s,/+-]+\))$/i
const LENGTH = /^(0|\d+(\.\d+)?(px|rem|em))$/
const FONT = /^[\w\s,."'-]+$/
const KEYS = ['primary', 'gray', 'radius', 'font']

function colorScale(
  name: 'primary' | 'gray',
  color: ThemeColor,
  where: string
): Record<string, string> {
  const variables: Record<string, string> = {}
  if (typeof color === 'string') {
    if (!COLOR.test(color.trim())) {
      throw new KitConfigurationException(
        `${where}: ${name} "${color}" is not a CSS color (a hex, rgb(), hsl(), oklch() or named color)`
      )
    }
    for (const shade of THEME_SHADES) {
      const [share, other] = MIXES[shade]
      variables[`--kit-${name}-${shade}`] =
        share === 100 ? color.trim() : `color-mix(in oklab, ${color.trim()} ${share}%, ${other})`
    }
    return variables
  }
  if (!color || typeof color !== 'object') {
    throw new KitConfigurationException(
      `${where}: ${name} must be a CSS color or a scale of shades 50 to 950`
    )
  }
  for (const shade of THEME_SHADES) {
    const value = color[shade]
    if (typeof value !== 'string' || !COLOR.test(value.trim())) {
      throw new KitConfigurationException(
        `${where}: ${name}[${shade}] must be a CSS color (the scale needs every shade from 50 to 950)`
      )
    }
    variables[`--kit-${name}-${shade}`] = value.trim()
  }
  const extra = Object.keys(color).filter(
    (key) => !THEME_SHADES.includes(Number(key) as ThemeShade)
  )
  if (extra.length) {
    throw new KitConfigurationException(`${where}: ${name} has no shade "${extra[0]}"`)
  }
  return variables
}

/**
 * The CSS variables of a panel theme, checked: an unknown key, a value
 * that is not a color, a length or a font list is refused at boot.
 */
export function themeVariables(theme: PanelTheme, where: string): Record<string, string> {
  if (!theme || typeof theme !== 'object') {
    throw new KitConfigurationException(`${where}: the theme must be an object`)
  }
  const unknown = Object.keys(theme).find((key) => !KEYS.includes(key))
  if (unknown) {
    throw new KitConfigurationException(
      `${where}: unknown key "${unknown}" (expected ${KEYS.join(', ')})`
    )
  }
  const variables: Record<string, string> = {}
  if (theme.primary !== undefined)
    Object.assign(variables, colorScale('primary', theme.primary, where))
  if (theme.gray !== undefined) Object.assign(variables, colorScale('gray', theme.gray, where))
  if (theme.radius !== undefined) {
    if (typeof theme.radius !== 'string' || !LENGTH.test(theme.radius.trim())) {
      throw new KitConfigurationException(
        `${where}: radius "${theme.radius}" must be a length in px, rem or em`
      )
    }
    variables['--kit-radius'] = theme.radius.trim()
  }
  if (theme.font !== undefined) {
    if (typeof theme.font !== 'string' || !theme.font.trim() || !FONT.test(theme.font)) {
      throw new KitConfigurationException(
        `${where}: font "${theme.font}" must be a font family list (letters, digits, spaces, commas, quotes)`
      )
    }
    variables['--kit-font'] = theme.font.trim()
  }
  return variables
}
