import { defineConfig, panel } from 'adonis-kit'
import { ratingPlugin } from 'kit-rating'
import Team from '../app/models/team.ts'
import { overviewDashboard } from '../app/widgets/dashboard_widgets.ts'

/* every panel signs in with its own page over the `web` session guard, landing on `home` */
const login = (home: string) => ({ model: () => import('../app/models/user.ts'), home })

export default defineConfig({
  /* every change is recorded: a History page per record, an Activity list per panel */
  audit: {
    enabled: true,
    retentionDays: 365,
    policy: () => import('../app/policies/audit_policy.ts'),
    /* the History and activity pages name users by their full name */
    userTitle: 'fullName',
  },
  /* exports, imports and long bulk actions run as jobs on the in-process worker (no Redis) */
  jobs: {
    transport: 'embedded',
    findUser: async (id) => {
      const { default: User } = await import('../app/models/user.ts')
      return User.find(id)
    },
  },
  panels: [
    panel('admin')
      .path('/admin')
      .login(login('/admin'))
      .profile()
      /* "Forgot your password?": links mailed to demo/tmp/mail/ (config/mail.ts) */
      .passwordReset()
      /* "Create an account" on the sign-in page; a new account verifies its email first */
      .signUp()
      .emailVerification()
      /* two-factor authentication: enrol an authenticator app on the profile page */
      .twoFactor()
      /* passkeys: "Sign in with a passkey", and the profile's passkeys (WebAuthn needs a
         domain: open the demo on http://localhost, not 127.0.0.1) */
      .passkeys()
      /* the same content in French: the language switch of the user menu */
      .userMenuItems([{ label: 'Français', url: '/gestion/posts', icon: 'globe-alt' }])
      /* navigation: its groups (collapsible, remembered per browser) and a custom link */
      .navigationGroups([
        { label: 'Content', icon: 'heroicon-o-document-text' },
        { label: 'Links', icon: 'heroicon-o-link' },
      ])
      .navigationItems([
        {
          label: 'AdonisJS documentation',
          url: 'https://docs.adonisjs.com',
          icon: 'heroicon-o-book-open',
          group: 'Links',
          openInNewTab: true,
        },
      ])
      /* the bell: live over @adonisjs/transmit */
      .notifications()
      /* the panel's landing page (/admin): stats, charts and the latest posts */
      .dashboard(overviewDashboard())
      .authMiddleware([() => import('../app/middleware/auth_middleware.ts')])
      .resources([
        () => import('../app/resources/post_resource.ts'),
        () => import('../app/resources/author_resource.ts'),
        () => import('../app/resources/tag_resource.ts'),
        () => import('../app/resources/comment_resource.ts'),
        () => import('../app/resources/campaign_resource.ts'),
        () => import('../app/resources/document_resource.ts'),
        () => import('../app/resources/review_resource.ts'),
        /* admins impersonate the other users from its rows */
        () => import('../app/resources/user_resource.ts'),
      ])
      /* the kit-rating plugin (packages/kit-rating): its words; its components in inertia/ */
      .plugin(ratingPlugin),
    /* a tenant panel: every URL starts with the team's slug (/acme/workspace/projects) */
    panel('workspace')
      .path('/workspace')
      /* its own name and colors: an emerald primary scale mixed from one color, a smaller radius */
      .brandName('Team workspace')
      .theme({ primary: '#059669', radius: '0.375rem' })
      /* the logo (one per color mode) and the favicon of its pages */
      .brandLogo({ light: '/brand/workspace.svg', dark: '/brand/workspace-dark.svg' })
      .favicon('/brand/workspace-icon.svg')
      /* the top bar's switcher lists the user's teams; /workspace sends them to the first */
      .tenant({
        model: Team,
        parameter: 'team',
        routeKey: 'slug',
        tenantsOf: (user) => Team.ofMember(user.id),
      })
      .login(login('/workspace'))
      .profile()
      .twoFactor()
      .authMiddleware([() => import('../app/middleware/auth_middleware.ts')])
      .resources([() => import('../app/resources/project_resource.ts')]),
    /* the same authors, tags, posts and documents in French (strings, dates and numbers of fr-FR) */
    panel('gestion')
      .path('/gestion')
      .locale('fr-FR')
      .timeZone('Europe/Paris')
      .login(login('/gestion'))
      .profile()
      .passwordReset()
      .twoFactor()
      .passkeys()
      .userMenuItems([{ label: 'English', url: '/admin/posts', icon: 'globe-alt' }])
      .navigationGroups([
        { label: { en: 'Content', fr: 'Contenu' }, icon: 'heroicon-o-document-text' },
        { label: { en: 'Links', fr: 'Liens' }, icon: 'heroicon-o-link' },
      ])
      .navigationItems([
        {
          label: 'Documentation AdonisJS',
          url: 'https://docs.adonisjs.com',
          icon: 'heroicon-o-book-open',
          group: { en: 'Links', fr: 'Liens' },
          openInNewTab: true,
        },
      ])
      /* the bell without transmit: it asks every 3 seconds */
      .notifications({ live: false, pollSeconds: 3 })
      .dashboard(overviewDashboard())
      .authMiddleware([() => import('../app/middleware/auth_middleware.ts')])
      .resources([
        () => import('../app/resources/author_resource.ts'),
        () => import('../app/resources/tag_resource.ts'),
        () => import('../app/resources/post_resource.ts'),
        () => import('../app/resources/document_resource.ts'),
        () => import('../app/resources/review_resource.ts'),
      ])
      .plugin(ratingPlugin),
  ],
})
