import type { ImageDisplayContract } from '../renderers/types.ts'

/**
 * An image of an image column or entry: a square (or circle) of the
 * declared size. The server sends safe URLs only.
 */
export function KitImage({ url, display }: { url: string; display: ImageDisplayContract }) {
  return (
    <img
      src={url}
      alt=""
      loading="lazy"
      className={display.circular ? 'kit-image kit-image-circular' : 'kit-image'}
      style={{ width: display.size, height: display.size }}
    />
  )
}

/**
 * Sanitized rich text of an HTML entry (sanitized on the server, on read).
 */
export function KitHtml({ html }: { html: string }) {
  return <div className="kit-prose" dangerouslySetInnerHTML={{ __html: html }} />
}
