import { LayoutComponent } from './layout_component.ts'

/**
 * A titled group of fields, optionally collapsible.
 *
 * @example
 * ```ts
 * Section.make('Publishing')
 *   .description('When and where the post appears')
 *   .collapsible()
 *   .schema([DatePicker.make('publishedAt'), Toggle.make('featured')])
 * ```
 */
export class Section extends LayoutComponent {
  #description: string | null = null
  #collapsible = false
  #collapsed = false

  constructor(readonly heading: string) {
    super()
  }

  /**
   * Create a section with its heading.
   */
  static make(heading: string): Section {
    return new Section(heading)
  }

  /**
   * Text shown under the heading.
   */
  description(text: string): this {
    this.#description = text
    return this
  }

  /**
   * Let the user fold the section.
   */
  collapsible(collapsible = true): this {
    this.#collapsible = collapsible
    return this
  }

  /**
   * Start folded (makes the section collapsible).
   */
  collapsed(collapsed = true): this {
    this.#collapsed = collapsed
    if (collapsed) this.#collapsible = true
    return this
  }

  getHeading() {
    return this.heading
  }

  getDescription() {
    return this.#description
  }

  isCollapsible() {
    return this.#collapsible
  }

  isCollapsed() {
    return this.#collapsed
  }
}
