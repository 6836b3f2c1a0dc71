import { TextEntry } from './text_entry.ts'
import { assertImageSize, type ImageOptions } from '../table/columns/image_options.ts'

/**
 * A view page entry that shows an image: a path on a Drive disk (`disk()`),
 * or a URL stored in the column (only paths and http(s) URLs are shown).
 *
 * @example
 * ```ts
 * ImageEntry.make('cover').disk('public').size(160)
 * ```
 */
export class ImageEntry extends TextEntry {
  #image: ImageOptions = { disk: null, size: 96, circular: false }

  static make(name: string): ImageEntry {
    return new this(name)
  }

  /**
   * Read the value as a path on this Drive disk (no name: the default disk).
   */
  disk(name?: string): this {
    this.#image.disk = name ?? true
    return this
  }

  /**
   * Width and height of the image, in pixels (default: 96).
   */
  size(pixels: number): this {
    assertImageSize(pixels, `ImageEntry "${this.name}"`)
    this.#image.size = pixels
    return this
  }

  /**
   * Draw the image as a circle.
   */
  circular(circular = true): this {
    this.#image.circular = circular
    return this
  }

  getImageOptions(): Readonly<ImageOptions> {
    return this.#image
  }
}
