/*
 * adonis-kit
 *
 * What both renderers share to draw form layouts: spans, the fields of a
 * layout node, the wizard's step check, repeater item operations.
 */

import type {
  ColumnSpanContract,
  FormValue,
  LayoutNodeContract,
  RepeaterContract,
  RepeaterItem,
} from '../contracts/main.ts'
import { httpErrorMessage, jsonFieldErrors, jsonMutationHeaders } from './shared.ts'
import { keyText, type KitText } from './text.ts'

/**
 * The inline style of a node in its grid (`--kit-span`: a number of columns
 * or the whole row).
 */
export function spanStyle(span: ColumnSpanContract): Record<string, string> | undefined {
  if (span === null || span === undefined) return undefined
  return { gridColumn: span === 'full' ? '1 / -1' : `span min(${span}, var(--kit-columns, 1))` }
}

/**
 * The field names under a layout node, depth first.
 */
export function layoutFieldNames(node: LayoutNodeContract): string[] {
  switch (node.kind) {
    case 'field':
      return [node.name]
    case 'tabs':
      return node.tabs.flatMap((tab) => tab.children.flatMap(layoutFieldNames))
    case 'wizard':
      return node.steps.flatMap((step) => step.children.flatMap(layoutFieldNames))
    default:
      return node.children.flatMap(layoutFieldNames)
  }
}

/**
 * Whether an error key belongs to one of these fields (`items.2.name`
 * belongs to `items`).
 */
export function errorBelongsTo(key: string, names: string[]): boolean {
  return names.some((name) => key === name || key.startsWith(`${name}.`))
}

/**
 * The first panel (tab or step) holding an error, or -1.
 */
export function firstPanelWithError(
  panels: { children: LayoutNodeContract[] }[],
  errors: Record<string, unknown> | null | undefined
): number {
  const keys = Object.keys(errors ?? {})
  if (!keys.length) return -1
  return panels.findIndex((panel) => {
    const names = panel.children.flatMap(layoutFieldNames)
    return keys.some((key) => errorBelongsTo(key, names))
  })
}

/**
 * Ask the server to check a wizard's steps up to `step`: the form's values
 * with `<parameter>: <step>`, as JSON to the form's action. Answers the
 * field errors (empty when the steps are valid); nothing is written.
 */
export async function checkWizardStep(
  action: { url: string; method: 'post' | 'patch' },
  values: Record<string, unknown>,
  parameter: string,
  step: number,
  t: KitText = keyText
): Promise<Record<string, string>> {
  const response = await fetch(action.url, {
    method: action.method.toUpperCase(),
    headers: jsonMutationHeaders(),
    credentials: 'same-origin',
    body: JSON.stringify({ ...values, [parameter]: step }),
  })
  const body = await response.json().catch(() => null)
  if (response.status === 422) return jsonFieldErrors(body)
  if (!response.ok) throw new Error(httpErrorMessage(response.status, body, t))
  return {}
}

/**
 * The items of a repeater value.
 */
export function repeaterItems(value: FormValue): RepeaterItem[] {
  return Array.isArray(value)
    ? (value.filter((item) => item !== null && typeof item === 'object') as RepeaterItem[])
    : []
}

/**
 * A repeater's items with a new one at the end (its defaults).
 */
export function addRepeaterItem(field: RepeaterContract, value: FormValue): RepeaterItem[] {
  const items = repeaterItems(value)
  if (items.length >= field.maxItems) return items
  return [...items, { ...(field.itemDefaults as RepeaterItem) }]
}

/**
 * A repeater's items without the one at `index`.
 */
export function removeRepeaterItem(value: FormValue, index: number): RepeaterItem[] {
  return repeaterItems(value).filter((_, position) => position !== index)
}

/**
 * A repeater's items with the one at `index` moved by `offset`.
 */
export function moveRepeaterItem(value: FormValue, index: number, offset: number): RepeaterItem[] {
  const items = [...repeaterItems(value)]
  const target = index + offset
  if (target < 0 || target >= items.length) return items
  const [item] = items.splice(index, 1)
  items.splice(target, 0, item)
  return items
}

/**
 * A repeater's items with one value of one item changed.
 */
export function setRepeaterValue(
  value: FormValue,
  index: number,
  name: string,
  next: FormValue
): RepeaterItem[] {
  return repeaterItems(value).map((item, position) =>
    position === index ? { ...item, [name]: next as RepeaterItem[string] } : item
  )
}

/**
 * The error bag of action forms: their errors never show on the page's form.
 */
export const ACTION_FORM_BAG = 'kitActionForm'

/**
 * The Inertia visit options of an action form's submission: its error bag,
 * multipart form data when files were chosen in its upload fields, and
 * callbacks that tell a refusal (errors in the bag) from success (an empty
 * bag is no refusal: Inertia reports it as an error all the same).
 */
export function actionFormVisit(
  callbacks: {
    onError: (errors: Record<string, string | string[]>) => void
    onSuccess: () => void
    onFinish: () => void
    /** Files were chosen: the data is sent as multipart form data */
    forceFormData?: boolean
  },
  after?: () => void
) {
  const succeed = () => {
    callbacks.onSuccess()
    after?.()
  }
  return {
    errorBag: ACTION_FORM_BAG,
    forceFormData: callbacks.forceFormData === true,
    onError: (errors: Record<string, unknown>) => {
      if (Object.keys(errors ?? {}).length) {
        callbacks.onError(errors as Record<string, string | string[]>)
      } else {
        succeed()
      }
    },
    onSuccess: (page: { props: Record<string, unknown> }) => {
      const bag = ((page.props.errors ?? {}) as Record<string, unknown>)[ACTION_FORM_BAG]
      if (!bag || typeof bag !== 'object' || !Object.keys(bag).length) succeed()
    },
    onFinish: callbacks.onFinish,
  }
}
