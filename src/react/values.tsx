import { flashToast } from '../renderers/behaviour.ts'
import { copiedText, copyToClipboard, type ShownValue } from '../renderers/values.ts'
import { KitIcon } from './icons.tsx'
import { useText } from './text.tsx'
import { kitToaster } from './toasts.tsx'
import { KitHtml } from './media.tsx'

/**
 * A value of a cell or an infolist entry: its formatted text (on one
 * truncated line unless the format wraps), a link, a check or a cross for
 * booleans (with a hidden Yes or No), the server's sanitized HTML for
 * Markdown values, and a copy button that copies the raw
 * value and announces it in a toast.
 */
export function ValueView({ shown, label }: { shown: ShownValue; label: string }) {
  const t = useText()
  const copy = async () => {
    if (await copyToClipboard(copiedText(shown.value))) {
      kitToaster.create(flashToast(t('table.copied'), kitToaster))
    }
  }
  return (
    <span className={shown.wrap ? 'kit-value kit-value-wrap' : 'kit-value'}>
      {shown.html !== null ? (
        <KitHtml html={shown.html} />
      ) : shown.boolean !== null ? (
        <span className={shown.boolean ? 'kit-boolean kit-boolean-true' : 'kit-boolean'}>
          <KitIcon name={shown.boolean ? 'check' : 'x-mark'} />
          <span className="kit-sr-only">{shown.boolean ? t('table.yes') : t('table.no')}</span>
        </span>
      ) : shown.href ? (
        <a href={shown.href} className="kit-link kit-value-text">
          {shown.text}
        </a>
      ) : (
        <span className="kit-value-text" title={shown.wrap ? undefined : shown.text}>
          {shown.text}
        </span>
      )}
      {shown.copyable ? (
        <button
          type="button"
          className="kit-icon-button kit-copy"
          aria-label={t('table.copyValue', { label })}
          onClick={copy}
        >
          <KitIcon name="clipboard-document" />
        </button>
      ) : null}
    </span>
  )
}
