import type { FileUploadContract, SerializableValue } from '../../../contracts/main.ts'
import { KitConfigurationException } from '../../../support/errors.ts'
import { Field } from './field.ts'
import type { FieldKit, FieldSerialization, FileStorage } from './field_kit.ts'
import { isHiddenAttribute } from '../../resource/serialize_value.ts'
import { assertWholeNumber } from '../../../support/config_checks.ts'

declare module './field_kit.ts' {
  interface FieldKit {
    /** The runtime of uploads */
    files: FileUploadKit
  }
}

/**
 * What the runtime does for upload fields.
 */
export interface FileUploadKit {
  /** The stored files of a form value, with their URLs */
  stored(field: FileUpload, value: unknown): Promise<FileUploadContract['files']>
}

/** Default largest file: 10 MB */
const DEFAULT_MAX_SIZE = 10 * 1024 * 1024

/**
 * A file upload stored on a Drive disk (`@adonisjs/drive`). The column holds
 * the stored path (or, with `multiple()`, a JSON array of paths). Uploads
 * are checked by the kit, not by the Rules class: the type from the file's
 * content (not its name or the client's MIME type), the size, and the
 * presence when `required()`. Stored names are generated; files replaced or
 * removed are deleted once the transaction commits, new files of a failed
 * transaction are deleted too.
 *
 * @example
 * ```ts
 * FileUpload.make('cover')
 *   .disk('s3')
 *   .directory('covers')
 *   .image()
 *   .acceptedTypes(['image/png', 'image/jpeg', 'image/webp'])
 *   .maxSize(2 * 1024 * 1024)
 * ```
 */
export class FileUpload extends Field {
  #disk: string | null = null
  #directory = 'uploads'
  #acceptedTypes: string[] = []
  #maxSize = DEFAULT_MAX_SIZE
  #multiple = false
  #maxFiles = 10
  #image = false

  /**
   * The Drive disk the files are stored on (default: Drive's default disk).
   */
  disk(name: string): this {
    this.#disk = name
    return this
  }

  /**
   * The directory of the disk the files go to (default: `uploads`).
   */
  directory(directory: string): this {
    const normalized = directory.replace(/^\/+|\/+$/g, '')
    if (
      normalized === '' ||
      normalized.split('/').some((segment) => segment === '..' || segment === '.' || !segment) ||
      !/^[\w\-/]+$/.test(normalized)
    ) {
      throw new KitConfigurationException(
        `FileUpload "${this.name}": directory ${JSON.stringify(directory)} must be a relative path of letters, digits, "-" and "_"`
      )
    }
    this.#directory = normalized
    return this
  }

  /**
   * The MIME types accepted, checked against the file's content
   * (`image/png`, `application/pdf`, `image/*`). Default: any type.
   */
  acceptedTypes(types: string[]): this {
    if (!Array.isArray(types) || types.some((type) => !/^[\w.+-]+\/(?:\*|[\w.+-]+)$/.test(type))) {
      throw new KitConfigurationException(
        `FileUpload "${this.name}": acceptedTypes() takes MIME types such as "image/png"`
      )
    }
    this.#acceptedTypes = [...types]
    return this
  }

  /**
   * The largest accepted file, in bytes (default: 10 MB).
   */
  maxSize(bytes: number): this {
    if (!Number.isInteger(bytes) || bytes < 1) {
      throw new KitConfigurationException(
        `FileUpload "${this.name}": maxSize() takes a positive number of bytes`
      )
    }
    this.#maxSize = bytes
    return this
  }

  /**
   * Accept several files (stored as a JSON array of paths), at most `max`
   * (a whole number from 1 to 100; anything else is refused, E_KIT_CONFIG).
   */
  multiple(multiple = true, max = 10): this {
    assertWholeNumber(max, 1, 100, `FileUpload "${this.name}": multiple()'s max`)
    this.#multiple = multiple
    this.#maxFiles = max
    return this
  }

  /**
   * Images: show previews, and accept the common image types unless
   * `acceptedTypes()` says otherwise.
   */
  image(image = true): this {
    this.#image = image
    return this
  }

  getDisk() {
    return this.#disk
  }

  getDirectory() {
    return this.#directory
  }

  getAcceptedTypes(): string[] {
    if (this.#acceptedTypes.length === 0 && this.#image) {
      return ['image/png', 'image/jpeg', 'image/gif', 'image/webp']
    }
    return this.#acceptedTypes
  }

  getMaxSize() {
    return this.#maxSize
  }

  getMaxFiles() {
    return this.#multiple ? this.#maxFiles : 1
  }

  isMultiple() {
    return this.#multiple
  }

  isImage() {
    return this.#image
  }

  defaultValue(): SerializableValue {
    return (this.#multiple ? [] : null) as unknown as SerializableValue
  }

  formValue(value: unknown): SerializableValue | undefined {
    /* a list for multiple uploads (the form value carries it as such) */
    const paths = storedPaths(value)
    return (this.#multiple ? paths : (paths[0] ?? null)) as SerializableValue
  }

  /**
   * Hook: uploads are stored on this field's disk.
   */
  fileStorage(): FileStorage {
    return this
  }

  /**
   * Hook: the contract lists the record's stored files (none on create, nor
   * for a hidden attribute).
   */
  async serializeFor(form: FieldSerialization, kit: FieldKit): Promise<FileUploadContract> {
    const contract = this.serialize(form.values, form.state) as FileUploadContract
    if (form.record && !isHiddenAttribute(kit.model, this.name)) {
      contract.files = await kit.files.stored(this, this.recordValue(form.record))
    }
    return contract
  }

  toContract(): FileUploadContract {
    return {
      type: 'file',
      name: this.name,
      label: this.getLabel(),
      required: this.isRequired(),
      multiple: this.#multiple,
      acceptedTypes: this.getAcceptedTypes(),
      maxSize: this.#maxSize,
      image: this.#image,
      files: [],
    }
  }
}

/**
 * The stored paths of a file column: a path, a JSON array of paths (text),
 * or an array the model already parsed.
 */
export function storedPaths(value: unknown): string[] {
  if (value === null || value === undefined || value === '') {
    return []
  }
  if (Array.isArray(value)) {
    return value.filter((entry): entry is string => typeof entry === 'string' && entry !== '')
  }
  if (typeof value !== 'string') {
    return []
  }
  if (value.startsWith('[')) {
    try {
      return storedPaths(JSON.parse(value))
    } catch {
      return []
    }
  }
  return [value]
}
