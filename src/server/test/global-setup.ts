import type { TestProject } from 'vitest/node';
import { createDatabaseTemplate } from './database-template';

declare module 'vitest' {
  export interface ProvidedContext {
    /** See database-template.ts: what createTestApp copies each test file's database from. */
    databaseTemplate: string;
  }
}

/** The API project's setup: the migrated template database, made once for the whole run. */
export default async function setup(project: TestProject) {
  const template = await createDatabaseTemplate(process.env.DATABASE_URL);
  project.provide('databaseTemplate', template.ref);
  return template.drop;
}
