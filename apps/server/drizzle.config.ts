import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './apps/server/src/infra/db/schema/*.ts',
  out: './apps/server/src/infra/db/migrations',
});
