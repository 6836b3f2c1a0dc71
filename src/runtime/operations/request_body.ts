import app from '@adonisjs/core/services/app'

/**
 * How the application's body parser normalizes the strings of a JSON body
 * (AdonisJS defaults: both on).
 */
interface JsonNormalization {
  convertEmptyStringsToNull: boolean
  trimWhitespaces: boolean
}

/**
 * The JSON body parser options of the running application, read from its
 * `config/bodyparser.ts` (the AdonisJS defaults when it has none).
 */
function jsonNormalization(): JsonNormalization {
  let json: Partial<JsonNormalization> | undefined
  try {
    json = app?.config?.get<{ json?: Partial<JsonNormalization> } | undefined>('bodyparser')?.json
  } catch {
    json = undefined
  }
  return {
    convertEmptyStringsToNull: json?.convertEmptyStringsToNull !== false,
    trimWhitespaces: json?.trimWhitespaces !== false,
  }
}

/**
 * Give input the shape a JSON request body has once the application's body
 * parser has read it, so a `kit()` call and the route it stands for see the
 * same values: serialized as JSON (undefined dropped, dates as ISO strings),
 * then every string trimmed and empty strings turned into null when the
 * body parser does so (`trimWhitespaces`, `convertEmptyStringsToNull`).
 */
export function asRequestBody<T>(input: T): T {
  if (input === undefined) {
    return input
  }
  const { convertEmptyStringsToNull, trimWhitespaces } = jsonNormalization()
  const normalize = (value: string) => {
    const text = trimWhitespaces ? value.trim() : value
    return convertEmptyStringsToNull && text === '' ? null : text
  }
  return JSON.parse(JSON.stringify(input), (key, value) => {
    if (key === '') {
      return value
    }
    return typeof value === 'string' ? normalize(value) : value
  })
}
