export { catalogRoutes } from './catalog.routes';
export { listCities, listServiceCategories } from './catalog.repository';
