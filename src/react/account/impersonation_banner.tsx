import { router } from '@inertiajs/react'
import type { KitUserMenuContract } from '../../renderers/types.ts'
import { KitIcon } from '../icons.tsx'
import { useText } from '../text.tsx'

/**
 * The banner of an impersonated session, above the top bar of every panel
 * page: who the user is signed in as, and "Return to my account" (a POST
 * with the CSRF token).
 */
export function ImpersonationBanner({ menu }: { menu: KitUserMenuContract | undefined }) {
  const t = useText()
  const impersonation = menu?.impersonation
  if (!menu || !impersonation) return null
  return (
    <div
      className="kit-impersonation-banner"
      role="region"
      aria-label={t('impersonation.banner', { name: menu.user.name })}
    >
      <p>{t('impersonation.banner', { name: menu.user.name })}</p>
      <button type="button" onClick={() => router.post(impersonation.leaveUrl)}>
        <KitIcon name="arrow-uturn-left" />
        {t('impersonation.leave')}
      </button>
    </div>
  )
}
