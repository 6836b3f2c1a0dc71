import { KitConfigurationException } from '../../../support/errors.ts'
import { formLeaves, LayoutComponent, type LayoutChild } from './layout_component.ts'

/**
 * One step of a `Wizard`.
 */
export class Step extends LayoutComponent {
  #description: string | null = null

  constructor(readonly label: string) {
    super()
  }

  /**
   * Create a step with its label.
   */
  static make(label: string): Step {
    return new Step(label)
  }

  /**
   * Text shown under the step's label.
   */
  description(text: string): this {
    this.#description = text
    return this
  }

  getDescription() {
    return this.#description
  }
}

/**
 * A form in steps. The renderer validates each step on the server (the
 * form's action with `_kit_step=<index>`: only the fields of the steps up to
 * that one are validated, nothing is written) before showing the next one;
 * the final submit validates every field.
 *
 * @example
 * ```ts
 * form.schema([
 *   Wizard.make().steps([
 *     Step.make('Details').schema([TextInput.make('name').required()]),
 *     Step.make('Budget').schema([TextInput.make('budget').inputType('number')]),
 *   ]),
 * ])
 * ```
 */
export class Wizard extends LayoutComponent {
  /**
   * Create a wizard.
   */
  static make(): Wizard {
    return new Wizard()
  }

  /**
   * Declare the steps.
   */
  steps(steps: Step[]): this {
    return this.schema(steps)
  }

  schema(children: LayoutChild[]): this {
    if (children.some((child) => !(child instanceof Step))) {
      throw new KitConfigurationException('Wizard.steps() takes Step.make(...) components only')
    }
    return super.schema(children)
  }

  getSteps(): Step[] {
    return this.getChildren() as Step[]
  }

  /**
   * Names of the fields of the steps up to `index` (included).
   */
  fieldsUpTo(index: number): string[] {
    return this.getSteps()
      .slice(0, index + 1)
      .flatMap((step) => formLeaves(step.getChildren()).map((field) => field.name))
  }
}
