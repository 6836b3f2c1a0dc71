import type { HttpContext } from '@adonisjs/core/http'
import type {} from '@adonisjs/inertia/inertia_middleware'
import type { KitErrorContract, ResourcePageProps } from '../contracts/main.ts'
import type { KitContext } from '../types.ts'
import { navigationFor } from './navigation.ts'
import type { ResourceMount } from './resource_mount.ts'

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

const TITLES: Record<number, string> = {
  403: 'Not allowed',
  404: 'Not found',
}

const MESSAGES: Record<number, string> = {
  403: 'You are not allowed to see this page.',
  404: 'This record does not exist or is out of your reach.',
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

  let back: KitErrorContract['back'] = { url: '/', label: 'Back to the start page' }
  const props: Partial<ResourcePageProps> & { kitError: KitErrorContract } = {
    kitError: {
      status: error.status,
      code: String(error.code ?? ''),
      title: TITLES[error.status] ?? 'Request failed',
      message: MESSAGES[error.status] ?? 'The request failed.',
      back,
    },
  }
  if (mount) {
    const user = await safely(() => mount.options.resolveUser(ctx))
    const context: KitContext = {
      user: user ?? null,
      http: ctx,
      containerResolver: ctx.containerResolver,
    }
    const index = mount.listPage()
    const listUrl = index && !mount.parent ? await safely(() => mount.url(index.key)) : null
    if (listUrl) {
      back = { url: listUrl, label: `Back to ${mount.resource.getPluralLabel().toLowerCase()}` }
    }
    if (mount.options.panelId) {
      const navigation = await safely(() => navigationFor(mount, context))
      if (navigation) {
        props.navigation = navigation
        const first = navigation.find((item) => item.url)
        if (!listUrl && first?.url) {
          back = { url: first.url, label: `Back to ${first.label.toLowerCase()}` }
        }
      }
      props.kitPanel = { id: mount.options.panelId, searchUrl: mount.panelSearchUrl() }
    }
    props.kitError.back = back
    Object.assign(props, { ...mount.options.pageDefaults?.props, ...props })
  }

  const page = await inertia.render(ERROR_COMPONENT, props)
  ctx.response.status(error.status).send(page)
  return true
}
