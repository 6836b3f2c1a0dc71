import { useId, useMemo, useState } from 'react'
import type { ActionContract } from '../../contracts/main.ts'
import { callJobAction, type ImportPreview } from '../../renderers/jobs.ts'
import { KitDialog } from '../dialog.tsx'
import { ChoiceSelect } from '../select_popup.tsx'
import { useText } from '../text.tsx'
import { followJob } from './job_progress.tsx'

/**
 * The import dialog of an `ImportAction`: choose the CSV file, map its
 * columns to the importer's (the server guesses a mapping), a dry run, then
 * the import runs as a job followed on the page.
 */
export function ImportDialog({ action, onClose }: { action: ActionContract; onClose: () => void }) {
  const t = useText()
  const [file, setFile] = useState<File | null>(null)
  const [preview, setPreview] = useState<ImportPreview | null>(null)
  const [mapping, setMapping] = useState<Record<string, string>>({})
  const [dryRun, setDryRun] = useState(false)
  const [errors, setErrors] = useState<string[]>([])
  const [busy, setBusy] = useState(false)
  const id = useId()
  /* each importer column takes one CSV header, or none */
  const headers = useMemo(
    () => [
      { value: '', label: t('job.import.ignore') },
      ...(preview?.headers ?? []).map((header) => ({ value: header, label: header })),
    ],
    [preview, t]
  )

  const call = async (body: Record<string, unknown>) => {
    setBusy(true)
    setErrors([])
    try {
      const answer = await callJobAction(action.url, body, t, file)
      if (answer.errors) setErrors(Object.values(answer.errors))
      return answer.errors ? null : answer
    } catch (error) {
      setErrors([(error as Error).message])
      return null
    } finally {
      setBusy(false)
    }
  }

  const next = async () => {
    if (!file) {
      setErrors([t('job.import.empty')])
      return
    }
    const answer = await call({ preview: true })
    if (answer?.preview) {
      setPreview(answer.preview)
      setMapping(answer.preview.mapping)
    }
  }

  const submit = async () => {
    const answer = await call({ mapping, dryRun })
    if (answer?.job) {
      followJob(answer.job, t)
      onClose()
    }
  }

  return (
    <KitDialog title={action.label} onClose={onClose} closeOnInteractOutside={false}>
      <div className="kit-import">
        {errors.map((message) => (
          <p key={message} role="alert" className="kit-alert kit-color-danger">
            {message}
          </p>
        ))}
        {preview ? (
          <fieldset className="kit-import-mapping">
            <legend>{t('job.import.mapping')}</legend>
            {preview.columns.map((column) => (
              <div key={column.name} className="kit-field">
                <ChoiceSelect
                  id={`${id}-mapping-${column.name}`}
                  name={`mapping.${column.name}`}
                  label={column.label}
                  labelClassName="kit-label"
                  choices={headers}
                  value={mapping[column.name] ?? ''}
                  onChange={(header) => setMapping({ ...mapping, [column.name]: header })}
                />
              </div>
            ))}
            <label className="kit-checkbox">
              <input
                type="checkbox"
                name="dryRun"
                checked={dryRun}
                onChange={(event) => setDryRun(event.target.checked)}
              />
              {t('job.import.dryRun')}
            </label>
          </fieldset>
        ) : (
          <label className="kit-field">
            <span className="kit-label">{t('job.import.file')}</span>
            <input
              type="file"
              name="file"
              accept=".csv,text/csv,.xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              className="kit-input"
              onChange={(event) => setFile(event.target.files?.[0] ?? null)}
            />
          </label>
        )}
      </div>
      <div className="kit-dialog-actions">
        <button type="button" className="kit-button" onClick={onClose}>
          {t('action.cancel')}
        </button>
        <button
          type="button"
          className="kit-button kit-button-primary"
          disabled={busy}
          onClick={preview ? submit : next}
        >
          {preview ? t('job.import.submit') : t('job.import.next')}
        </button>
      </div>
    </KitDialog>
  )
}
