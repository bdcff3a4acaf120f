import type { AppInstance } from '../../lib/types';
import { statementsRoutes } from './statements.routes';
import { StatementsService, type StatementsNeeds } from './statements.service';

/** A guide's monthly statements and the commission's qualified invoice (decision 127). */
export function registerStatements(app: AppInstance, needs: StatementsNeeds): void {
  statementsRoutes(app, new StatementsService(app.ctx.database.db, needs));
}
