import { LayoutComponent } from './layout_component.ts'

/**
 * A bordered group of fields with a legend.
 *
 * @example
 * ```ts
 * Fieldset.make('Address').columns(2).schema([TextInput.make('street'), TextInput.make('city')])
 * ```
 */
export class Fieldset extends LayoutComponent {
  constructor(readonly legend: string) {
    super()
  }

  /**
   * Create a fieldset with its legend.
   */
  static make(legend: string): Fieldset {
    return new Fieldset(legend)
  }
}
