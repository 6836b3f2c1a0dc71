import type { HttpContext } from '@adonisjs/core/http'
import type {} from '@adonisjs/inertia/inertia_middleware'
import type { KitErrorContract, ResourcePageProps } from '../contracts/main.ts'
import type { KitContext } from '../definitions/types.ts'
import { navigationFor } from '../runtime/mounts/navigation.ts'
import type { ResourceMount } from '../runtime/mounts/resource_mount.ts'
import { requestTranslator, textProps } from '../i18n/request.ts'
import type { KitMessageKey } from '../i18n/en.ts'
import { useErrorPage } from '../support/errors.ts'
import { DeferredProp } from '../runtime/operations/deferred_prop.ts'

/**
 * The Inertia component of the kit's error page (render it with the same
 * component as every `kit/*` page).
 */
export const ERROR_COMPONENT = 'kit/error'

const MOUNT = Symbol.for('adonis-kit.mount')

/**
 * The part of `ctx.inertia` the kit calls. The kit renders its own `kit/*`
 * components, which no application lists in its `InertiaPages`, so the
 * declared `render` (typed by those pages) would refuse their names.
 */
export interface KitRenderer {
  render(component: string, props: Record<string, unknown>): Promise<unknown>
  /** A prop the client keeps across visits (`@adonisjs/inertia` 5) */
  once?(value: () => unknown, options?: { key?: string }): unknown
  /** A prop sent after the page, which the client then asks for (`@adonisjs/inertia` 5) */
  defer?(value: () => Promise<any>, group?: string): unknown
}

/**
 * Page props with the kit's strings sent once per locale (see
 * {@link withOnceStrings}) and its {@link DeferredProp}s handed to the
 * renderer's `defer()`: absent from the page, loaded by the client right
 * after it, and skipped by partial reloads that do not ask for them.
 */
export function pageProps(
  renderer: KitRenderer,
  props: Record<string, unknown>
): Record<string, unknown> {
  const result = withOnceStrings(renderer, props)
  for (const [name, value] of Object.entries(result)) {
    if (value instanceof DeferredProp) {
      result[name] = renderer.defer
        ? renderer.defer(value.resolve, value.group)
        : /* a renderer without deferred props resolves it with the page */
          value.resolve
    }
  }
  return result
}

/**
 * Page props with the kit's strings sent once per locale: the client keeps
 * them across visits, the server skips them while the client has them.
 */
export function withOnceStrings(
  renderer: KitRenderer,
  props: Record<string, unknown>
): Record<string, unknown> {
  const strings = props.strings
  if (!strings || typeof renderer.once !== 'function') {
    return { ...props }
  }
  return {
    ...props,
    strings: renderer.once(() => strings, { key: `kit.strings.${String(props.locale)}` }),
  }
}

/**
 * `ctx.inertia` seen as a {@link KitRenderer}; undefined when the application
 * does not run the Inertia middleware.
 */
export function kitRenderer(ctx: HttpContext): KitRenderer | undefined {
  return ctx.inertia as KitRenderer | undefined
}

/**
 * The mount remembered on a context by {@link rememberMount}.
 */
interface MountCarrier {
  [MOUNT]?: ResourceMount
}

/**
 * Remember which resource a request is about, so that an error page can
 * carry its panel's navigation and a link back to its list.
 */
export function rememberMount(ctx: HttpContext, mount: ResourceMount) {
  ;(ctx as HttpContext & MountCarrier)[MOUNT] = mount
}

const TEXTS: Record<number, { title: KitMessageKey; message: KitMessageKey }> = {
  403: { title: 'error.forbidden.title', message: 'error.forbidden.body' },
  404: { title: 'error.notFound.title', message: 'error.notFound.body' },
}

/* errors whose code says more than their status */
const CODE_TEXTS: Record<string, { title: KitMessageKey; message: KitMessageKey }> = {
  E_KIT_NO_TENANT: { title: 'error.noTenant.title', message: 'error.noTenant.body' },
}

async function safely<T>(callback: () => Promise<T> | T): Promise<T | null> {
  try {
    return await callback()
  } catch {
    return null
  }
}

/**
 * Render a kit request error (404, 403) as a page of its panel for a browser
 * loading the URL directly: the panel's navigation, a message and a link
 * back, with the error's status. Answers false (nothing rendered) when the
 * application has no Inertia or the request is no direct page load.
 */
export async function renderErrorPage(
  ctx: HttpContext,
  error: { status: number; code?: string }
): Promise<boolean> {
  const inertia = kitRenderer(ctx)
  if (!inertia || ctx.request.method() !== 'GET') {
    return false
  }
  const mount = (ctx as HttpContext & MountCarrier)[MOUNT]
  const translator = requestTranslator(ctx, mount?.options.presentation)

  let back: KitErrorContract['back'] = { url: '/', label: translator.t('error.home') }
  const texts = CODE_TEXTS[String(error.code)] ?? TEXTS[error.status]
  const props: Partial<ResourcePageProps> & { kitError: KitErrorContract } = {
    ...textProps(translator),
    kitError: {
      status: error.status,
      code: String(error.code ?? ''),
      title: translator.t(texts?.title ?? 'error.failed.title'),
      message: translator.t(texts?.message ?? 'error.failed.body'),
      back,
    },
  }
  if (mount) {
    const user = await safely(() => mount.options.resolveUser(ctx))
    const context: KitContext = {
      user: user ?? null,
      http: ctx,
      containerResolver: ctx.containerResolver,
      translator,
    }
    const index = mount.listPage()
    const listUrl = index && !mount.parent ? await safely(() => mount.url(index.key)) : null
    if (listUrl) {
      back = {
        url: listUrl,
        label: translator.t('error.back', {
          label: mount.resource.getPluralLabel().toLowerCase(),
        }),
      }
    }
    if (mount.options.panelId) {
      const navigation = await safely(() => navigationFor(mount, context))
      if (navigation) {
        props.navigation = navigation
        const first = navigation.find((item) => item.url)
        if (!listUrl && first?.url) {
          back = {
            url: first.url,
            label: translator.t('error.back', { label: first.label.toLowerCase() }),
          }
        }
      }
      props.kitPanel = mount.panelContract(context.user)
    }
    props.kitError.back = back
    Object.assign(props, { ...mount.options.pageDefaults?.props, ...props })
  }

  const page = await inertia.render(ERROR_COMPONENT, withOnceStrings(inertia, props))
  ctx.response.status(error.status).send(page)
  return true
}

useErrorPage(renderErrorPage)
