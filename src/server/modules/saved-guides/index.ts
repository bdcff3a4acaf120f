export { savedGuidesRoutes } from './saved-guides.routes';
