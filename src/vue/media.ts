import { h, type VNode } from 'vue'
import type { ImageDisplayContract } from '../renderers/types.ts'

/**
 * An image of an image column or entry: a square (or circle) of the
 * declared size. The server sends safe URLs only.
 */
export function renderImage(url: string, display: ImageDisplayContract): VNode {
  return h('img', {
    key: url,
    src: url,
    alt: '',
    loading: 'lazy',
    class: display.circular ? 'kit-image kit-image-circular' : 'kit-image',
    style: { width: `${display.size}px`, height: `${display.size}px` },
  })
}

/**
 * Sanitized rich text of an HTML entry (sanitized on the server, on read).
 */
export function renderHtml(html: string): VNode {
  return h('div', { class: 'kit-prose', innerHTML: html })
}
