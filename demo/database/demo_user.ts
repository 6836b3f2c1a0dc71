/**
 * The signed-in demo user (seeded by database/seeders/main_seeder.ts).
 */
export const DEMO_USER = { email: 'editor@example.com', password: 'kit-demo-password' }
