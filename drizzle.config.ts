import { defineConfig } from 'drizzle-kit';

// Generates SQL migrations from the schema; the app applies them itself at start-up (DESIGN §8).
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/server/db/schema/index.ts',
  out: './src/server/db/migrations',
});
