/*
 * What both renderers' notification drawers share.
 */

/**
 * Whether a notification link may be drawn as a link: a same-origin path
 * or an http(s) URL (the server checks it when the notification is made;
 * the renderers check again).
 */
export function isSafeHref(url: unknown): url is string {
  if (typeof url !== 'string' || url.includes('\\')) return false
  for (let index = 0; index < url.length; index++) {
    const code = url.charCodeAt(index)
    if (code < 32 || code === 127) return false
  }
  if (url.startsWith('/')) return !url.startsWith('//')
  return /^https?:\/\//i.test(url)
}
