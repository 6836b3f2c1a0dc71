import { useEffect, useState } from 'react'
import type { LayoutNodeContract } from '../../renderers/types.ts'
import { firstPanelWithError } from '../../renderers/form_layout.ts'
import { useText } from '../text.tsx'
import { LayoutGrid, type LayoutContext } from './layout.tsx'

/**
 * A wizard: one step at a time. Next asks the server to check the steps so
 * far; the form's buttons are on the last step. A refused final submit goes
 * back to the first step holding an error.
 */
export function Wizard({
  node,
  style,
  context,
}: {
  node: Extract<LayoutNodeContract, { kind: 'wizard' }>
  style?: Record<string, string>
  context: LayoutContext
}) {
  const t = useText()
  const [step, setStep] = useState(0)
  const [busy, setBusy] = useState(false)
  const last = node.steps.length - 1
  const current = node.steps[step]

  useEffect(() => {
    const index = firstPanelWithError(node.steps, context.errors)
    if (index >= 0 && index < step) setStep(index)
  }, [context.errors])

  const next = async () => {
    setBusy(true)
    try {
      if (!context.checkStep || (await context.checkStep(step))) setStep(Math.min(step + 1, last))
    } finally {
      setBusy(false)
    }
  }

  return (
    <div className="kit-wizard" style={style}>
      <ol className="kit-wizard-steps" aria-label={t('form.layout.steps')}>
        {node.steps.map((panel, index) => (
          <li
            key={index}
            className="kit-wizard-step"
            aria-current={index === step ? 'step' : undefined}
            data-done={index < step ? '' : undefined}
          >
            <span className="kit-wizard-step-number" aria-hidden="true">
              {index + 1}
            </span>
            <span>{panel.label}</span>
          </li>
        ))}
      </ol>
      <section
        className="kit-wizard-panel"
        aria-label={t('form.layout.step', {
          current: step + 1,
          total: node.steps.length,
          label: current.label,
        })}
      >
        {current.description ? (
          <p className="kit-section-description">{current.description}</p>
        ) : null}
        <LayoutGrid
          key={step}
          nodes={current.children}
          columns={current.columns}
          context={context}
        />
      </section>
      <div className="kit-wizard-nav">
        {step > 0 ? (
          <button type="button" className="kit-button" onClick={() => setStep(step - 1)}>
            {t('form.layout.previous')}
          </button>
        ) : null}
        {step < last ? (
          <button
            type="button"
            className="kit-button kit-button-primary"
            disabled={busy}
            data-loading={busy ? '' : undefined}
            onClick={next}
          >
            {t('form.layout.next')}
          </button>
        ) : null}
      </div>
      {step === last ? context.actions : null}
    </div>
  )
}
