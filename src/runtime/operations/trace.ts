import { kitDebug, kitDebugEnabled } from '../../support/debug.ts'
import { RecordNotFoundException, UnauthorizedOperationException } from '../../support/errors.ts'
import type { OperationInput } from './operation.ts'

/**
 * The default message of a record not found: the scoped query's lookups
 * explain those themselves (`logNotFound`).
 */
const RECORD_NOT_FOUND = new RecordNotFoundException().message

/**
 * What an operation refused, for the debug log: a 404 the operation
 * raised itself (an unknown action, column, field, option or page) or the
 * 403 of a hosted action's `authorizeUsing()`. The scoped query's 404s and
 * the resource's 403s are explained where they are decided.
 */
function explainRefusal(route: string, input: OperationInput, error: unknown, actions: boolean) {
  const resource = input.mount.resource.constructor.name
  const request = input.context.http?.request
  const details = {
    resource,
    route,
    record: input.params.record ?? null,
    user: input.context.user ? (input.context.user.id ?? null) : null,
    request: request ? `${request.method()} ${request.url()}` : null,
  }
  if (error instanceof RecordNotFoundException && error.message !== RECORD_NOT_FOUND) {
    const named = ['action', 'column', 'field', 'option']
      .filter((name) => input.params[name] !== undefined)
      .map((name) => `${name} ${JSON.stringify(String(input.params[name]))}`)
    const reason = `${error.message}${named.length ? ` (${named.join(', ')})` : ''}`
    kitDebug({
      event: 'not-found',
      message: `not found: ${resource} ${route}: ${reason}`,
      details: { ...details, reason },
    })
  }
  if (actions && error instanceof UnauthorizedOperationException) {
    const action = String(input.params.action)
    const reason = `action "${action}": authorizeUsing() did not return true (hosted actions without it are denied)`
    kitDebug({
      event: 'deny',
      message: `denied ${resource} ${route}${details.record === null ? '' : ` of record ${details.record}`}: ${reason}`,
      details: { ...details, operation: route, ability: action, policy: null, reason },
    })
  }
}

/**
 * An operation whose refusals explain themselves in the debug log
 * (`NODE_DEBUG=adonis-kit`): which resource, route, record and why.
 * `actions`: a 403 comes from the action's own authorization.
 */
export function traced<Input extends OperationInput, Answer>(
  route: string,
  operation: (input: Input) => Promise<Answer>,
  options: { actions?: boolean } = {}
): (input: Input) => Promise<Answer> {
  return async (input) => {
    try {
      return await operation(input)
    } catch (error) {
      if (kitDebugEnabled()) {
        explainRefusal(route, input, error, options.actions === true)
      }
      throw error
    }
  }
}
