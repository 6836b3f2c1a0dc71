import type { TableColumnContract } from '../../../contracts/main.ts'
import { Column } from './column.ts'
import type { ColumnKit } from './column_kit.ts'

declare module './column_kit.ts' {
  interface ColumnKit {
    /** The safe URL of an image value (a path on a Drive disk, or a stored URL) */
    imageCell(options: Readonly<ImageOptions>, value: unknown): Promise<string | null>
  }
}
import { assertImageSize, type ImageOptions } from './image_options.ts'

/**
 * A column that shows an image: a path on a Drive disk (`disk()`), or a
 * URL stored in the column (only paths and http(s) URLs are shown). A JSON
 * array of paths (a multiple `FileUpload`) shows every image.
 *
 * @example
 * ```ts
 * ImageColumn.make('cover').disk('public').size(48)
 * ImageColumn.make('avatarUrl').circular()
 * ```
 */
export class ImageColumn extends Column {
  #image: ImageOptions = { disk: null, size: 40, circular: false }

  /**
   * Read the value as a path on this Drive disk (no name: the default disk).
   */
  disk(name?: string): this {
    this.#image.disk = name ?? true
    return this
  }

  /**
   * Width and height of the image, in pixels (default: 40).
   */
  size(pixels: number): this {
    assertImageSize(pixels, `ImageColumn "${this.name}"`)
    this.#image.size = pixels
    return this
  }

  /**
   * Draw the image as a circle (avatars).
   */
  circular(circular = true): this {
    this.#image.circular = circular
    return this
  }

  getImageOptions(): Readonly<ImageOptions> {
    return this.#image
  }

  /**
   * Hook: the cell carries the image's safe URL.
   */
  async cellValue(value: unknown, kit: ColumnKit): Promise<string | null> {
    return kit.imageCell(this.#image, value)
  }

  toContract(): TableColumnContract {
    return {
      ...super.toContract(),
      type: 'image',
      image: { size: this.#image.size, circular: this.#image.circular },
    }
  }
}
