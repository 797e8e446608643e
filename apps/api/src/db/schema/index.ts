export * from './access.ts';
export * from './curriculum.ts';
