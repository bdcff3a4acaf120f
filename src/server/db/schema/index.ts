export * from './catalog';
export * from './mail';
export * from './users';
export * from './meta';
