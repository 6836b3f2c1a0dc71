import { useState } from 'react'
import { Tabs } from '@ark-ui/react/tabs'
import type { FormValue, MarkdownEditorContract } from '../../renderers/types.ts'
import { markdownPreview } from '../../renderers/shared.ts'
import { KitHtml } from '../media.tsx'
import { useText } from '../text.tsx'

interface MarkdownEditorFieldProps {
  id: string
  field: MarkdownEditorContract
  value: FormValue
  describedBy?: string
  invalid: boolean
  onChange: (value: FormValue) => void
}

type Preview =
  | { state: 'idle' | 'loading' }
  | { state: 'shown'; html: string }
  | { state: 'failed'; error: string }

/**
 * A Markdown source textarea; the server removes raw HTML and unsafe link
 * targets before storing it. With a preview endpoint, a Write and a Preview
 * tab (Ark UI Tabs): the preview is rendered and sanitized on the server.
 */
export function MarkdownEditorField({
  id,
  field,
  value,
  describedBy,
  invalid,
  onChange,
}: MarkdownEditorFieldProps) {
  const t = useText()
  const [tab, setTab] = useState('write')
  const [preview, setPreview] = useState<Preview>({ state: 'idle' })
  const hintId = `${id}-hint`
  const source = (
    <>
      <textarea
        id={id}
        name={field.name}
        className="kit-markdown"
        rows={field.rows}
        spellCheck
        aria-invalid={invalid || undefined}
        aria-required={field.required || undefined}
        aria-describedby={[hintId, describedBy].filter(Boolean).join(' ')}
        value={String(value ?? '')}
        onChange={(event) => onChange(event.target.value)}
      />
      <p id={hintId} className="kit-description">
        {t('markdown.hint')}
      </p>
    </>
  )
  if (!field.previewUrl) return <div className="kit-markdown-field">{source}</div>

  const showPreview = async () => {
    setPreview({ state: 'loading' })
    const answer = await markdownPreview(field.previewUrl!, String(value ?? ''), t)
    setPreview(
      'html' in answer
        ? { state: 'shown', html: answer.html }
        : { state: 'failed', error: answer.error }
    )
  }
  return (
    <Tabs.Root
      className="kit-markdown-field kit-markdown-tabs"
      value={tab}
      onValueChange={(details) => {
        setTab(details.value)
        if (details.value === 'preview') void showPreview()
      }}
    >
      <Tabs.List className="kit-layout-tab-list" aria-label={t('markdown.tabs')}>
        <Tabs.Trigger value="write" className="kit-layout-tab">
          {t('markdown.write')}
        </Tabs.Trigger>
        <Tabs.Trigger value="preview" className="kit-layout-tab">
          {t('markdown.preview')}
        </Tabs.Trigger>
      </Tabs.List>
      <Tabs.Content value="write" className="kit-markdown-write">
        {source}
      </Tabs.Content>
      <Tabs.Content value="preview" className="kit-markdown-preview">
        {preview.state === 'loading' ? (
          <p role="status" className="kit-description">
            {t('markdown.previewLoading')}
          </p>
        ) : preview.state === 'failed' ? (
          <p role="alert" className="kit-alert kit-color-danger">
            {preview.error}
          </p>
        ) : preview.state === 'shown' && preview.html !== '' ? (
          <KitHtml html={preview.html} />
        ) : preview.state === 'shown' ? (
          <p className="kit-description">{t('markdown.previewEmpty')}</p>
        ) : null}
      </Tabs.Content>
    </Tabs.Root>
  )
}
