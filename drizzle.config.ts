import { defineConfig } from 'drizzle-kit';

// Generates the SQL migrations in ./drizzle from the schema. They are committed and applied on start.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/server/db/schema.ts',
  out: './drizzle',
});
