import { BaseSeeder } from '@adonisjs/lucid/seeders'
import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import User from '../../app/models/user.ts'
import Author from '../../app/models/author.ts'
import Post from '../../app/models/post.ts'
import Tag from '../../app/models/tag.ts'
import Review from '../../app/models/review.ts'
import Comment from '../../app/models/comment.ts'
import Team from '../../app/models/team.ts'
import Project from '../../app/models/project.ts'
import Campaign from '../../app/models/campaign.ts'

import { DEMO_USER } from '../demo_user.ts'

const TITLES = [
  'Getting started with AdonisJS',
  'Lucid relationships in depth',
  'Validating input with Vine',
  'Authorization with Bouncer',
  'Inertia without an API',
  'Testing with Japa',
  'Queues and background jobs',
  'Deploying a Node application',
  'Writing a service provider',
  'Edge templates for emails',
  'Caching strategies',
  'Rate limiting an API',
  'File uploads done right',
  'Internationalization basics',
  'Session versus token auth',
  'Database transactions',
  'Soft deletes explained',
  'Many-to-many pivots',
  'Building admin panels',
  'Accessible tables',
  'Keyboard-friendly tabs',
  'Server-side search',
  'Pagination that scales',
  'Reading query strings safely',
]

/**
 * Demo data: one editor (an admin), a second user, three authors, 24 posts, six tags, comments, four reviews.
 */
export default class MainSeeder extends BaseSeeder {
  async run() {
    const user = await User.create({
      ...DEMO_USER,
      fullName: 'Demo Editor',
      emailVerifiedAt: DateTime.now(),
      isAdmin: true,
    })
    /* a second user, whom the demo user may impersonate (Users list) */
    await User.create({
      email: 'reader@example.com',
      password: DEMO_USER.password,
      fullName: 'Riley Reader',
      emailVerifiedAt: DateTime.now(),
    })
    const authors = await Author.createMany([
      {
        name: 'Ada Lovelace',
        email: 'ada@example.com',
        userId: user.id,
        bio: 'Writes about **engines**. Notes on [the Analytical Engine](https://en.wikipedia.org/wiki/Analytical_engine).',
        newsletter: true,
        tier: 'sponsor',
        sponsor: 'Babbage & Co',
        accentColor: '#7c3aed',
        links: { website: 'https://ada.example.com', mastodon: '@ada@example.social' },
      },
      { name: 'Grace Hopper', email: 'grace@example.com', bio: 'Compilers and debugging.' },
      { name: 'Alan Turing', email: 'alan@example.com', bio: null },
    ])
    await Author.create({
      name: 'Edsger Dijkstra',
      email: 'edsger@example.com',
      bio: 'No posts yet.',
    })
    /* reviews rated with the kit-rating plugin's field (one not rated) */
    await Review.createMany([
      { title: 'Clear and complete', score: 5 },
      { title: 'Good start', score: 4 },
      { title: 'Needs examples', score: 2 },
      { title: 'Not read yet', score: null },
    ])
    const tags = await Tag.createMany(
      ['adonisjs', 'lucid', 'testing', 'security', 'frontend', 'devops'].map((name) => ({ name }))
    )
    const statuses = ['published', 'draft', 'review'] as const
    const start = DateTime.fromISO('2026-01-05')
    for (const [index, title] of TITLES.entries()) {
      const status = statuses[index % 3]
      const post = await Post.create({
        title,
        body: `${title}: a short article of the demo.`,
        status,
        authorId: authors[index % authors.length].id,
        publishedOn: status === 'published' ? start.plus({ days: index * 3 }) : null,
        isFeatured: index % 5 === 0,
      })
      await post.related('tags').attach([tags[index % tags.length].id])
      if (index < 6) {
        await Comment.createMany([
          { postId: post.id, authorName: 'Linus', body: `Great read on ${title.toLowerCase()}.` },
          { postId: post.id, authorName: 'Margaret', body: 'Thanks, this helped.' },
        ])
      }
    }

    /* the workspace panel: the editor belongs to Acme and Initech (the tenant
       switcher lists both), not to Globex */
    const [acme, globex, initech] = await Team.createMany([
      { slug: 'acme', name: 'Acme' },
      { slug: 'globex', name: 'Globex' },
      { slug: 'initech', name: 'Initech' },
    ])
    await db.table('team_user').insert([
      { team_id: acme.id, user_id: user.id },
      { team_id: initech.id, user_id: user.id },
    ])
    await Project.createMany([
      {
        teamId: acme.id,
        name: 'Website relaunch',
        status: 'active',
        budgetCents: 1_250_000,
        website: 'https://acme.example/relaunch',
      },
      {
        teamId: acme.id,
        name: 'Mobile app',
        status: 'active',
        budgetCents: 4_800_050,
        website: 'https://apps.acme.example',
      },
      {
        teamId: acme.id,
        name: 'Old intranet',
        status: 'archived',
        budgetCents: 90_000,
        website: 'javascript:alert(1)',
      },
      { teamId: globex.id, name: 'Globex secret plan', status: 'active', budgetCents: 9_999_900 },
      { teamId: globex.id, name: 'Globex billing', status: 'active', budgetCents: 10_000 },
      { teamId: initech.id, name: 'TPS reports', status: 'active', budgetCents: 250_000 },
    ])

    /* campaigns: the wizard, the repeater and the action forms */
    await Campaign.createMany([
      {
        name: 'Spring launch',
        channel: 'email',
        budget: 5000,
        status: 'draft',
        position: 1,
        milestones: JSON.stringify([
          { title: 'Brief', done: true },
          { title: 'Assets', done: false },
        ]),
      },
      {
        name: 'Summer print run',
        channel: 'print',
        budget: 1200,
        status: 'scheduled',
        position: 2,
      },
      { name: 'Partner webinar', channel: 'social', budget: 800, status: 'sent', position: 3 },
      { name: 'Year-end newsletter', channel: 'email', budget: 300, status: 'draft', position: 4 },
    ])
  }
}
