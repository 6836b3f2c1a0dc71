import type { ReactElement } from 'react'
import { Tooltip } from '@ark-ui/react/tooltip'

/**
 * The tooltip of an icon-only button (Ark UI Tooltip): it shows the
 * button's label on hover and keyboard focus; the button keeps its own
 * `aria-label`. A trigger that is also another component's trigger (a
 * menu) shares its id through `triggerId`.
 */
export function KitTooltip({
  label,
  triggerId,
  children,
}: {
  label: string
  triggerId?: string
  children: ReactElement
}) {
  return (
    <Tooltip.Root
      ids={triggerId ? { trigger: triggerId } : undefined}
      openDelay={300}
      closeDelay={100}
      positioning={{ placement: 'top', strategy: 'fixed' }}
      lazyMount
      unmountOnExit
    >
      <Tooltip.Trigger asChild>{children}</Tooltip.Trigger>
      <Tooltip.Positioner className="kit-tooltip-positioner">
        <Tooltip.Content className="kit-tooltip">{label}</Tooltip.Content>
      </Tooltip.Positioner>
    </Tooltip.Root>
  )
}
