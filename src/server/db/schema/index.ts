export * from './auth';
export * from './catalog';
export * from './mail';
export * from './meta';
export * from './support';
export * from './users';
export * from './guides';
