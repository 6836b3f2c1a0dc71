/*
 * adonis-kit
 *
 * Passkeys in the browser, shared by both renderers: ask the server for
 * the options of a WebAuthn ceremony, run it with @simplewebauthn/browser
 * (imported on demand: pages without passkeys never load it), and name
 * what went wrong with a translated message.
 */

import type { AccountField } from './account.ts'
import { httpErrorMessage, jsonFieldErrors, jsonMutationHeaders } from './errors.ts'
import { keyText, type KitText } from './text.ts'

/** The passkey's name, on the profile's add and rename forms */
export const PASSKEY_NAME_FIELD: AccountField = {
  name: 'passkeyName',
  label: 'account.passkeyName',
  type: 'text',
  autocomplete: 'off',
  hint: 'account.passkeyNameHint',
}

/** The current password, asked before a new passkey */
export const PASSKEY_PASSWORD_FIELD: AccountField = {
  name: 'currentPassword',
  label: 'account.currentPassword',
  type: 'password',
  autocomplete: 'current-password',
  hint: 'account.passkeyPasswordHint',
}

/**
 * The browser's answer to a ceremony, or the errors to show (per field,
 * `passkey` for the ceremony itself).
 */
export type PasskeyStep = { answer: unknown } | { errors: Record<string, string> }

/**
 * The message of a ceremony the browser ended: closed or timed out, not
 * supported, or any other refusal.
 */
function ceremonyError(error: unknown, t: KitText): Record<string, string> {
  const name = (error as { name?: unknown } | null)?.name
  if (name === 'NotAllowedError' || name === 'AbortError') {
    return { passkey: t('account.passkeyCancelled') }
  }
  if (
    name === 'NotSupportedError' ||
    typeof (globalThis as { PublicKeyCredential?: unknown }).PublicKeyCredential !== 'function'
  ) {
    return { passkey: t('account.passkeyUnsupported') }
  }
  return { passkey: t('account.passkeyRefused') }
}

/**
 * POST JSON to a passkey options endpoint (with the CSRF header): the
 * options, or the errors of its answer.
 */
async function fetchOptions(
  url: string,
  body: Record<string, unknown>,
  t: KitText
): Promise<{ options: unknown } | { errors: Record<string, string> }> {
  let response: Response
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: jsonMutationHeaders(),
      credentials: 'same-origin',
      body: JSON.stringify(body),
    })
  } catch {
    return { errors: { passkey: httpErrorMessage(0, null, t) } }
  }
  const data = (await response.json().catch(() => null)) as unknown
  if (response.status === 422) return { errors: jsonFieldErrors(data) }
  if (!response.ok) return { errors: { passkey: httpErrorMessage(response.status, data, t) } }
  return { options: data }
}

/**
 * A new passkey: the server checks its name and the current password and
 * answers the options; the browser's authenticator makes the passkey.
 */
export async function createPasskey(
  optionsUrl: string,
  input: { passkeyName: string; currentPassword: string },
  t: KitText = keyText
): Promise<PasskeyStep> {
  const asked = await fetchOptions(optionsUrl, input, t)
  if ('errors' in asked) return asked
  try {
    const { startRegistration } = await import('@simplewebauthn/browser')
    return { answer: await startRegistration({ optionsJSON: asked.options as any }) }
  } catch (error) {
    return { errors: ceremonyError(error, t) }
  }
}

/**
 * A passkey sign-in: the server answers the options (a challenge, no uid
 * asked); the browser lets the person pick one of their passkeys.
 */
export async function askPasskey(optionsUrl: string, t: KitText = keyText): Promise<PasskeyStep> {
  const asked = await fetchOptions(optionsUrl, {}, t)
  if ('errors' in asked) return asked
  try {
    const { startAuthentication } = await import('@simplewebauthn/browser')
    return { answer: await startAuthentication({ optionsJSON: asked.options as any }) }
  } catch (error) {
    return { errors: ceremonyError(error, t) }
  }
}
