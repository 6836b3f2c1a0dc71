import db from '@adonisjs/lucid/services/db'

/**
 * The kit's `contains` search, written by hand: `ILIKE` on PostgreSQL (a
 * trigram index on the column serves it), `LOWER(col) LIKE` elsewhere.
 */
export const CONTAINS = () =>
  db.connection().dialect.name === 'postgres'
    ? `?? ILIKE ? ESCAPE '!'`
    : `LOWER(??) LIKE ? ESCAPE '!'`
