export * from './auth';
export * from './constants';
export * from './endpoint';
export * from './errors';
export * from './identity';
export * from './routes';
export * from './validators';
