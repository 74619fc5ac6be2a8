export * from './common';
export * from './auth';
export * from './shows';
export * from './constants';
export * from './tracking';
export * from './jobs';
export * from './search';
export * from './people';
