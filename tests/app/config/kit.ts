import { defineConfig, panel, type KitUser } from '../../../index.ts'
import Team from '../app/models/team.ts'
import { deskPlugin } from '../app/plugins/desk_plugin.ts'
import { Dashboard } from '../../../index.ts'
import { boardWidgets, postWidgets, reviewDashboard } from '../app/widgets/dashboard_widgets.ts'

/**
 * Lazily import one of the tenancy test resources.
 */
function tenancy(
  name:
    'TaskResource' | 'BoardResource' | 'StickerResource' | 'CharterResource' | 'DocumentResource'
) {
  return async () => {
    const module = await import('../app/resources/tenancy_resources.ts')
    return { default: module[name] }
  }
}

/**
 * Lazily import one of the navigation test resources.
 */
function navigation(
  name:
    | 'SignalBoardResource'
    | 'ArchiveResource'
    | 'FailingDocumentResource'
    | 'PaperResource'
    | 'FolderResource'
) {
  return async () => {
    const module = await import('../app/resources/navigation_resources.ts')
    return { default: module[name] }
  }
}

/**
 * The teams of a user, by name (the tenant switcher's list).
 */
function teamsOf(user: KitUser) {
  return Team.query()
    .whereIn('id', (query) => query.from('team_user').select('team_id').where('user_id', user.id))
    .orderBy('name')
}

export default defineConfig({
  /* every mutation of the test app writes its audit row */
  audit: {
    enabled: true,
    retentionDays: 30,
    policy: () => import('../app/policies/audit_policy.ts'),
  },
  jobs: {
    findUser: async (id) => {
      const { default: User } = await import('../app/models/user.ts')
      return User.find(id)
    },
  },
  panels: [
    panel('admin')
      .path('/admin')
      .authMiddleware([() => import('../app/middleware/auth_middleware.ts')])
      .pageDefaults({ components: { view: 'admin/view_record' }, props: { brand: 'Kit admin' } })
      .resources([
        () => import('../app/resources/post_resource.ts'),
        () => import('../app/resources/note_resource.ts'),
        () => import('../app/resources/article_resource.ts'),
        () => import('../app/resources/book_resource.ts'),
        () => import('../app/resources/project_resource.ts'),
        () => import('../app/resources/contact_resource.ts'),
        () => import('../app/resources/profile_resource.ts'),
      ]),
    /* uploads, images and rich text (tests/functional/file_uploads.spec.ts) */
    panel('media')
      .path('/media')
      .authMiddleware([() => import('../app/middleware/auth_middleware.ts')])
      .resources([
        () => import('../app/resources/brochure_resource.ts'),
        () => import('../app/resources/dossier_resource.ts'),
      ]),
    panel('exports')
      .path('/exports')
      /* the bell, live over transmit (notifications.spec.ts) */
      .notifications()
      .authMiddleware([() => import('../app/middleware/auth_middleware.ts')])
      .resources([() => import('../app/resources/export_post_resource.ts')]),
    /* audit links: the users' resource names the acting users (audit_links.spec.ts) */
    panel('people')
      .path('/people')
      .authMiddleware([() => import('../app/middleware/auth_middleware.ts')])
      .resources([
        () => import('../app/resources/user_resource.ts'),
        () => import('../app/resources/post_resource.ts'),
      ]),
    /* audit links: users named by a configured attribute */
    panel('crew')
      .path('/crew')
      /* a brand name and a theme (panel_theme.spec.ts) */
      .brandName('Crew desk')
      .theme({ primary: '#059669', radius: '0.375rem', font: 'Inter, ui-sans-serif' })
      .audit({ userTitle: 'fullName' })
      .authMiddleware([() => import('../app/middleware/auth_middleware.ts')])
      .resources([() => import('../app/resources/post_resource.ts')]),
    /* the same posts in French: option labels and group titles per locale (option_labels.spec.ts) */
    panel('redaction')
      .path('/redaction')
      .locale('fr-FR')
      .authMiddleware([() => import('../app/middleware/auth_middleware.ts')])
      .resources([() => import('../app/resources/post_resource.ts')]),
    /* the panel's own sign-in, user menu and profile (panel_login.spec.ts, panel_profile.spec.ts) */
    panel('console')
      .path('/console')
      .login({
        guard: 'panel',
        model: () => import('../app/models/account.ts'),
        rememberMe: true,
        throttle: {
          perAccount: { requests: 3, duration: '1 min', blockDuration: '1 min' },
          perIp: { requests: 8, duration: '1 min', blockDuration: '1 min' },
        },
      })
      .profile()
      .passwordReset({
        expiresIn: '30 mins',
        throttle: {
          perAccount: { requests: 3, duration: '1 min' },
          perIp: { requests: 6, duration: '1 min' },
        },
      })
      /* two-factor authentication, required of the accounts of @secure.test (panel_two_factor.spec.ts) */
      .twoFactor({
        issuer: 'Console',
        required: (user) => String(user.email).endsWith('@secure.test'),
      })
      .userMenuItems([{ label: 'Help', url: '/help', icon: 'question-mark-circle' }])
      .resources([() => import('../app/resources/note_resource.ts')]),
    /* sign-up and email verification (panel_email_verification.spec.ts, panel_sign_up.spec.ts) */
    panel('enrol')
      .path('/enrol')
      .login({
        guard: 'panel',
        model: () => import('../app/models/account.ts'),
        home: '/enrol/notes',
      })
      .profile()
      .emailVerification({
        expiresIn: '20 mins',
        throttle: {
          perAccount: { requests: 2, duration: '1 min' },
          perIp: { requests: 5, duration: '1 min' },
        },
      })
      .signUp({
        beforeCreate(user) {
          user.merge({ isAdmin: false })
        },
        throttle: {
          perAccount: { requests: 4, duration: '1 min' },
          perIp: { requests: 6, duration: '1 min' },
        },
      })
      .resources([() => import('../app/resources/note_resource.ts')]),
    /* passkeys: short-lived challenges, a small per-IP limit (panel_passkeys.spec.ts) */
    panel('keyring')
      .path('/keyring')
      .login({ guard: 'panel', model: () => import('../app/models/account.ts') })
      .profile()
      .passkeys({
        timeout: '3 s',
        throttle: { perIp: { requests: 6, duration: '1 min', blockDuration: '1 min' } },
      })
      .resources([() => import('../app/resources/note_resource.ts')]),
    /* impersonation from a users' resource (impersonation.spec.ts) */
    panel('backstage')
      .path('/backstage')
      .login({ guard: 'panel', model: () => import('../app/models/account.ts') })
      .resources([
        () => import('../app/resources/account_resource.ts'),
        () => import('../app/resources/staff_resource.ts'),
        () => import('../app/resources/note_resource.ts'),
      ]),
    /* dashboards: the landing page, a second dashboard, a date range (dashboards.spec.ts) */
    panel('board')
      .path('/board')
      .authMiddleware([() => import('../app/middleware/auth_middleware.ts')])
      .dashboard(
        Dashboard.make('overview').columns(2).dateRange({ days: 7 }).widgets(postWidgets())
      )
      .dashboards([reviewDashboard])
      .resources([
        () => import('../app/resources/post_resource.ts'),
        () => import('../app/resources/note_resource.ts'),
      ]),
    /* the same dashboard in French */
    panel('tableau')
      .path('/tableau')
      .locale('fr-FR')
      .authMiddleware([() => import('../app/middleware/auth_middleware.ts')])
      .dashboard(
        Dashboard.make('overview')
          .columns(2)
          .dateRange({ days: 7 })
          .widgets(postWidgets({ notes: false }))
      )
      .resources([() => import('../app/resources/post_resource.ts')]),
    panel('teams')
      .path('/app')
      /* the switcher lists the user's teams; /app sends them to the first (tenant_switcher.spec.ts) */
      .tenant({ model: Team, parameter: 'team', routeKey: 'slug', tenantsOf: teamsOf })
      .notifications({ pollSeconds: 5 })
      .authMiddleware([() => import('../app/middleware/auth_middleware.ts')])
      .resources([
        tenancy('TaskResource'),
        tenancy('BoardResource'),
        tenancy('StickerResource'),
        tenancy('CharterResource'),
        tenancy('DocumentResource'),
      ]),
    /* a plugin's resource, page, navigation link and words (plugins.spec.ts) */
    panel('plugged')
      .path('/plugged')
      .authMiddleware([() => import('../app/middleware/auth_middleware.ts')])
      .plugin(deskPlugin),
    /* a tenant panel's dashboard: widgets read the team's boards only (after
       "teams": kit(BoardResource) finds the first mount) */
    panel('desk')
      .path('/desk')
      /* /desk sends a user to the team named "Initech" when they belong to it */
      .tenant({
        model: Team,
        parameter: 'team',
        routeKey: 'slug',
        tenantsOf: teamsOf,
        defaultTenant: (_user, teams) => teams.find((team) => team.name === 'Initech'),
      })
      .brandLogo({ light: '/brand/desk.svg', dark: 'https://cdn.example.com/desk-dark.svg' })
      .brandLogoHeight('2.5rem')
      .favicon('/brand/desk.ico')
      .authMiddleware([() => import('../app/middleware/auth_middleware.ts')])
      .dashboard(boardWidgets())
      .resources([tenancy('BoardResource')]),
    /* navigation: badges, groups, a cluster, custom links (navigation_badges.spec.ts) */
    panel('signals')
      .path('/signals')
      .tenant({ model: Team, parameter: 'team', routeKey: 'slug' })
      .authMiddleware([() => import('../app/middleware/auth_middleware.ts')])
      .navigationGroups([
        { label: { en: 'Reference', fr: 'Référence' }, icon: 'book-open', collapsed: true },
        { label: 'Work', icon: 'briefcase', collapsible: false },
      ])
      .navigationItems([
        { label: 'Help', url: 'https://example.com/help', openInNewTab: true, group: 'Reference' },
        { label: 'Status', url: '/status', sort: 1, visible: ({ user }) => Boolean(user?.isAdmin) },
      ])
      .resources([
        navigation('SignalBoardResource'),
        navigation('ArchiveResource'),
        navigation('FailingDocumentResource'),
        navigation('PaperResource'),
        navigation('FolderResource'),
      ]),
    /* a tenant panel's own sign-in: no tenant to build its URLs with (tenant_switcher.spec.ts) */
    panel('club')
      .path('/club')
      .brandName('Club')
      .brandLogo('/brand/club.svg')
      .tenant({ model: Team, parameter: 'team', routeKey: 'slug', tenantsOf: teamsOf })
      .login({ guard: 'panel', model: () => import('../app/models/account.ts') })
      .resources([tenancy('BoardResource')]),
  ],
})
