import { Head } from '@inertiajs/react'
import type { KitPanelContract } from '../renderers/types.ts'
import { brandLogoStyle } from '../renderers/behaviour.ts'

/**
 * The panel's logo (one image per color mode when it has two) with the
 * brand name as its text alternative, or the brand name alone.
 */
export function BrandMark({
  kitPanel,
  brand,
}: {
  kitPanel?: KitPanelContract | null
  brand: string
}) {
  const logo = kitPanel?.logo
  if (!logo) return <>{brand}</>
  const style = brandLogoStyle(logo)
  return (
    <span className="kit-logo">
      <img
        className={logo.dark ? 'kit-logo-light' : undefined}
        src={logo.light}
        alt={brand}
        style={style}
      />
      {logo.dark ? (
        <img className="kit-logo-dark" src={logo.dark} alt={brand} style={style} />
      ) : null}
    </span>
  )
}

/**
 * The panel's favicon in the page head (removed by Inertia when a page of
 * another panel renders without it).
 */
export function PanelFavicon({ kitPanel }: { kitPanel?: KitPanelContract | null }) {
  if (!kitPanel?.favicon) return null
  return (
    <Head>
      <link rel="icon" href={kitPanel.favicon} head-key="kit-favicon" />
    </Head>
  )
}
