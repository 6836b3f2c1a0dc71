import type { KitJobContract } from '../contracts/jobs.ts'
import type { SessionData } from '@adonisjs/session/types'
import type { HttpContext } from '@adonisjs/core/http'
import { withUploadedFiles } from '../runtime/files/uploaded_file.ts'
import type {} from '@adonisjs/session/session_middleware'
import type { LucidModel } from '@adonisjs/lucid/types/model'
import type { Field } from '../definitions/form/fields/field.ts'
import { withBoundedFlash } from '../runtime/form/refused_input.ts'
import { optionFormFields } from '../runtime/form/option_forms.ts'
import { buildForm } from '../definitions/table/builders.ts'
import type { KitContext } from '../definitions/types.ts'
import { resolveParent } from '../runtime/operations/parent.ts'
import { pageComponent, pageOperation } from '../runtime/operations/page.ts'
import type { OperationAnswer, OperationInput, PageInput } from '../runtime/operations/operation.ts'
import { kitRenderer, pageProps, rememberMount } from './error_page.ts'
import { requestTranslator } from '../i18n/request.ts'
import { Tenancy } from '../definitions/tenancy/tenancy.ts'
import { isSafePath, safeRedirectTarget } from '../support/path_safety.ts'
import type { MountedPage, ResourceMount } from '../runtime/mounts/resource_mount.ts'

/**
 * The HTTP adapters of the operations (`src/operations`): each parses the
 * request into an operation's input, calls the operation and turns its
 * answer into a response. No step of an operation lives here.
 */

/**
 * Build the kit context of an HTTP request.
 */
export async function kitContext(ctx: HttpContext, mount: ResourceMount): Promise<KitContext> {
  rememberMount(ctx, mount)
  const context: KitContext = {
    user: (await mount.options.resolveUser(ctx)) ?? null,
    http: ctx,
    containerResolver: ctx.containerResolver,
    translator: requestTranslator(ctx, mount.options.presentation),
  }
  const scope = Tenancy.state()
  if (scope) {
    scope.translator = context.translator
  }
  if (mount.parent) {
    context.parent = await resolveParent(mount, context, ctx.params[mount.parent.bound.parameter])
  }
  return context
}

/**
 * The input of an operation from an HTTP request.
 */
async function operationInput(ctx: HttpContext, mount: ResourceMount): Promise<OperationInput> {
  return {
    mount,
    context: await kitContext(ctx, mount),
    params: ctx.params,
    query: ctx.request.qs(),
    body: withUploadedFiles(ctx.request.body(), ctx.request.allFiles()),
  }
}

/**
 * What a refused submission flashes: the fields of its form (to redisplay
 * what was typed, bounded), or none (actions, editable columns: only the
 * errors).
 */
export type FlashedForm = (input: OperationInput) => { fields: Field[]; model?: LucidModel }

/**
 * The form of the resource's create and edit pages.
 */
export const resourceForm: FlashedForm = ({ mount }) => ({
  fields: buildForm(mount.resource).getFields(),
  model: mount.resource.model,
})

/**
 * Actions and editable columns have no form to redisplay.
 */
export const noForm: FlashedForm = () => ({ fields: [] })

/**
 * The option form of the route's select field.
 */
export function optionForm(operation: 'create' | 'edit'): FlashedForm {
  return ({ mount, params }) => ({
    fields: optionFormFields(mount.resource, params.field, operation),
  })
}

/**
 * The HTTP handler of an operation: build its input, run it (a refused
 * submission of a session client flashes `form`'s bounded input and goes
 * back), answer.
 */
export function operationHandler(
  mount: ResourceMount,
  operation: (input: OperationInput) => Promise<OperationAnswer>,
  form?: FlashedForm
) {
  return async (ctx: HttpContext) => {
    const input = await operationInput(ctx, mount)
    if (!form) {
      return respond(ctx, mount, await operation(input))
    }
    return withBoundedFlash(
      ctx,
      () => form(input),
      async () => respond(ctx, mount, await operation(input))
    )
  }
}

/**
 * GET handler of a page.
 */
export function pageHandler(mount: ResourceMount, current: MountedPage) {
  return async (ctx: HttpContext) => {
    const input: PageInput = {
      ...(await operationInput(ctx, mount)),
      current,
      flashed: { input: flashedInput(ctx), errors: flashedErrors(ctx), job: flashedJob(ctx) },
      partial: partialProps(ctx, pageComponent(mount, current)),
    }
    return respond(ctx, mount, await pageOperation(input))
  }
}

/**
 * The props an Inertia partial reload of this component asks for
 * (`X-Inertia-Partial-Data`); undefined for a full visit, a reload of
 * another component, or one that names props to leave out instead.
 */
function partialProps(ctx: HttpContext, component: string): string[] | undefined {
  if (ctx.request.header('x-inertia') !== 'true') return undefined
  if (ctx.request.header('x-inertia-partial-component') !== component) return undefined
  if (ctx.request.header('x-inertia-partial-except')) return undefined
  const only = ctx.request.header('x-inertia-partial-data')
  const names = only
    ?.split(',')
    .map((name) => name.trim())
    .filter(Boolean)
  return names?.length ? names : undefined
}

/**
 * Validation errors flashed by the previous request, one message per field;
 * under the form's error bag when the visit names one (`X-Inertia-Error-Bag`),
 * so that only the submitted form shows them.
 */
export function flashedErrors(
  ctx: HttpContext
): Record<string, string> | Record<string, Record<string, string>> {
  const bag = ctx.session?.flashMessages?.get('inputErrorsBag', {}) ?? {}
  const errors: Record<string, string> = {}
  for (const [field, messages] of Object.entries(bag)) {
    errors[field] = Array.isArray(messages) ? String(messages[0]) : String(messages)
  }
  const errorBag = ctx.request.header('x-inertia-error-bag')
  /* no errors is an empty object: a visit with an empty bag reads as refused */
  return errorBag && Object.keys(errors).length ? { [errorBag]: errors } : errors
}

/** The flash key of a job an Inertia visit started */
const JOB_FLASH_KEY = 'kitJob'

/**
 * The job an Inertia visit started (a bulk action over the threshold,
 * answered with a redirect): the page hands it to the renderer, which
 * follows its progress like a JSON caller's 202.
 */
function flashedJob(ctx: HttpContext): KitJobContract | null {
  const job = ctx.session?.flashMessages?.get(JOB_FLASH_KEY, null)
  return job && typeof job === 'object' && typeof job.statusUrl === 'string' ? job : null
}

/**
 * Input flashed with the errors of a refused submission (session clients:
 * AdonisJS flashes the input next to `inputErrorsBag`), so the form shows
 * what the person typed. Only the form's own fields are read from it.
 */
export function flashedInput(ctx: HttpContext): Record<string, unknown> | null {
  const flash = ctx.session?.flashMessages
  if (!flash?.has('inputErrorsBag')) {
    return null
  }
  const input = flash.all()
  return input && typeof input === 'object' && !Array.isArray(input) ? input : null
}

/**
 * Whether the client asked for JSON (and is no Inertia visit).
 */
function wantsJson(ctx: HttpContext) {
  return (
    ctx.request.header('X-Inertia') !== 'true' && ctx.request.accepts(['html', 'json']) === 'json'
  )
}

function acceptsJson(ctx: HttpContext) {
  return ctx.request.accepts(['html', 'json']) === 'json'
}

/**
 * Turn an operation's answer into the HTTP response.
 * - page: the Inertia page;
 * - record: JSON clients get the operation, the record's key and title, the
 *   message and where a browser would have been sent; others get the
 *   message flashed and a redirect there;
 * - action, option: JSON, or a flash message and a redirect back;
 * - json: the body.
 */
function respond(ctx: HttpContext, mount: ResourceMount, answer: OperationAnswer) {
  switch (answer.type) {
    case 'page': {
      const renderer = kitRenderer(ctx)!
      return renderer.render(answer.component, pageProps(renderer, answer.props))
    }
    case 'json':
      return ctx.response.ok(answer.body)
    case 'record': {
      const redirect = answer.keepListState ? listStateUrl(ctx, answer.redirect) : answer.redirect
      if (!wantsJson(ctx)) {
        ctx.session?.flash('success', answer.message)
        return redirectTo(ctx, redirect)
      }
      return ctx.response.status(answer.status).send({
        resource: mount.resource.getSlug(),
        operation: answer.operation.name,
        message: answer.message,
        record: {
          key: answer.record.$primaryKeyValue as string | number,
          title: mount.resource.recordTitle(answer.record),
        },
        redirect,
      })
    }
    case 'action': {
      const { body } = answer
      if (acceptsJson(ctx)) {
        return ctx.response.status(answer.status ?? 200).send(body)
      }
      if (body.job) {
        ctx.session?.flash({ [JOB_FLASH_KEY]: body.job } as SessionData)
      }
      if (!body.halted && !body.cancelled) {
        ctx.session?.flash('success', String(body.message))
      } else if (body.message) {
        ctx.session?.flash('warning', String(body.message))
      }
      if (answer.redirect) return redirectTo(ctx, answer.redirect, answer.fallback)
      return redirectBack(ctx, answer.fallback)
    }
    case 'option':
      if (acceptsJson(ctx)) {
        return ctx.response.status(answer.status).send({ option: answer.option })
      }
      ctx.session?.flash('success', answer.message)
      return redirectBack(ctx, answer.fallback)
  }
}

/**
 * The list page in the state the request came from: the referring URL when
 * it is this resource's list page on this origin (its query string holds
 * the search, filters, sort and page), else the bare list page.
 */
function listStateUrl(ctx: HttpContext, list: string): string {
  const referrer = ctx.request.header('referer')
  if (!referrer) {
    return list
  }
  try {
    const origin = `${ctx.request.protocol()}://${ctx.request.host()}`
    const url = new URL(referrer, origin)
    if (url.origin !== origin || url.pathname !== list) {
      return list
    }
    const target = `${url.pathname}${url.search}`
    return isSafePath(target) ? target : list
  } catch {
    return list
  }
}

/**
 * Redirect to a URL that passed the redirect policy (same-origin only).
 */
function redirectTo(ctx: HttpContext, url: string, fallback = '/') {
  const origin = `${ctx.request.protocol()}://${ctx.request.host()}`
  return ctx.response.redirect().toPath(safeRedirectTarget(url, origin, fallback))
}

/**
 * Back to the referring page when it is of this origin, else `fallback`.
 */
function redirectBack(ctx: HttpContext, fallback: string) {
  return redirectTo(ctx, ctx.request.header('referer') ?? fallback, fallback)
}
