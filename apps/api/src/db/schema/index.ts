export * from './access.ts';
export * from './assessments.ts';
export * from './books.ts';
export * from './curriculum.ts';
export * from './media.ts';
export * from './questions.ts';
export * from './rate-limits.ts';
export * from './toc.ts';
