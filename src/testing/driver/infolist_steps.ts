import { isDeepStrictEqual } from 'node:util'
import type { InfolistContract, InfolistEntryContract } from '../../contracts/main.ts'
import type { Resource } from '../../definitions/resource/resource.ts'
import { pageOperation } from '../../runtime/operations/page.ts'
import { listOf } from '../failure_messages.ts'
import type { RecordReference } from './driver_core.ts'
import { JobSteps } from './job_steps.ts'

/**
 * Steps of the view page: read a record's infolist as the page serializes
 * it (through the scoped query, authorized with `view`) and assert an
 * entry's value or formatted text.
 */
export abstract class InfolistSteps<R extends Resource<any> = Resource<any>> extends JobSteps<R> {
  /**
   * Assert the value an infolist entry of the record's view page carries
   * (deep equality: a repeatable entry's value is null, its `items` are
   * asserted with {@link assertInfolistEntry}).
   *
   * @example
   * ```ts
   * await kit(AuthorResource).as(user).assertInfolistEntryStateSet('newsletter', true, ada)
   * ```
   */
  assertInfolistEntryStateSet(name: string, value: unknown, record: RecordReference): this {
    const label = `assertInfolistEntryStateSet(${JSON.stringify(name)})`
    return this.queue(label, async () => {
      const entry = await this.#entry(label, name, record)
      if (!isDeepStrictEqual(entry.value, value)) {
        this.fail(
          label,
          `expected entry "${name}" of ${this.describeRecord(record)} to hold ${JSON.stringify(value)}, but it holds ${JSON.stringify(entry.value)}`,
          { actual: entry.value, expected: value }
        )
      }
    })
  }

  /**
   * Assert the text the server formatted for an entry (its format's
   * `formatted`: a date, an amount, Markdown rendered as sanitized HTML).
   *
   * @example
   * ```ts
   * await kit(AuthorResource).as(user)
   *   .assertInfolistEntryFormattedStateSet('bio', '<p><strong>Hi</strong></p>\n', ada)
   * ```
   */
  assertInfolistEntryFormattedStateSet(
    name: string,
    text: string | null,
    record: RecordReference
  ): this {
    const label = `assertInfolistEntryFormattedStateSet(${JSON.stringify(name)})`
    return this.queue(label, async () => {
      const entry = await this.#entry(label, name, record)
      if (!entry.format) {
        this.fail(
          label,
          `entry "${name}" declares no format; it holds ${JSON.stringify(entry.value)}`
        )
      }
      const shown = entry.formatted ?? null
      if (shown !== text) {
        this.fail(
          label,
          `expected entry "${name}" of ${this.describeRecord(record)} to show ${JSON.stringify(text)}, but it shows ${JSON.stringify(shown)}`,
          { actual: shown, expected: text }
        )
      }
    })
  }

  /**
   * Hand an infolist entry of the record's view page, as serialized, to a
   * callback (badges, icons, colors, key-value rows, repeated items).
   *
   * @example
   * ```ts
   * await kit(AuthorResource).as(user).assertInfolistEntry('posts', ada, (entry) => {
   *   assert.lengthOf(entry.items!, 2)
   * })
   * ```
   */
  assertInfolistEntry(
    name: string,
    record: RecordReference,
    check: (entry: InfolistEntryContract) => void | Promise<void>
  ): this {
    const label = `assertInfolistEntry(${JSON.stringify(name)})`
    return this.queue(label, async () => {
      await check(await this.#entry(label, name, record))
    })
  }

  /**
   * The serialized infolist of a record's view page.
   */
  async #entry(label: string, name: string, record: RecordReference) {
    const mount = await this.resolveMount()
    const view = mount.pageOfKind('view')
    if (!view) {
      this.fail(
        label,
        `${this.state.ResourceClass.name} has no view page (pages: ${[...mount.pages.keys()].join(', ')})`
      )
    }
    const context = await this.context()
    const loaded = await this.attempt(
      label,
      `the view page of ${this.describeRecord(record)}`,
      () =>
        pageOperation({
          ...this.input(context, { record: this.keyOf(record) }),
          current: view,
          flashed: { input: null, errors: {} },
        })
    )
    const answer = loaded.value
    const infolist =
      answer?.type === 'page' ? (answer.props.infolist as InfolistContract | undefined) : undefined
    const entry = infolist?.entries.find((candidate) => candidate.name === name)
    if (!entry) {
      this.fail(
        label,
        `no entry "${name}"; the view page has: ${listOf(infolist?.entries.map((item) => item.name) ?? [])}`
      )
    }
    return entry
  }
}
