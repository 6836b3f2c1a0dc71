import { KitConfigurationException } from '../../../support/errors.ts'
import { LayoutComponent, type LayoutChild } from './layout_component.ts'

/**
 * One tab of a `Tabs` component.
 */
export class Tab extends LayoutComponent {
  constructor(readonly label: string) {
    super()
  }

  /**
   * Create a tab with its label.
   */
  static make(label: string): Tab {
    return new Tab(label)
  }
}

/**
 * Tabs: one panel shown at a time, every field submitted.
 *
 * @example
 * ```ts
 * Tabs.make().tabs([
 *   Tab.make('Content').schema([TextInput.make('title')]),
 *   Tab.make('SEO').schema([TextInput.make('metaTitle')]),
 * ])
 * ```
 */
export class Tabs extends LayoutComponent {
  /**
   * Create a tabs component.
   */
  static make(): Tabs {
    return new Tabs()
  }

  /**
   * Declare the tabs.
   */
  tabs(tabs: Tab[]): this {
    return this.schema(tabs)
  }

  schema(children: LayoutChild[]): this {
    if (children.some((child) => !(child instanceof Tab))) {
      throw new KitConfigurationException('Tabs.tabs() takes Tab.make(...) components only')
    }
    return super.schema(children)
  }

  getTabs(): Tab[] {
    return this.getChildren() as Tab[]
  }
}
