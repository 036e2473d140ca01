// Prisma 7 CLI configuration. Only `prisma generate` runs in this project (see
// scripts/prisma-generate.mjs); migrations are plain SQL applied by src/store/migrate.ts.
import { defineConfig } from 'prisma/config';

export default defineConfig({
  schema: 'prisma/schema.prisma',
  migrations: { path: 'prisma/migrations' },
  ...(process.env.DATABASE_URL ? { datasource: { url: process.env.DATABASE_URL } } : {}),
});
