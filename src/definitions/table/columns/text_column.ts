import { Column } from './column.ts'

/**
 * A column that shows one attribute as text.
 *
 * @example
 * ```ts
 * TextColumn.make('title').searchable().sortable()
 * TextColumn.make('author.fullName').label('Author')
 * ```
 */
export class TextColumn extends Column {}
