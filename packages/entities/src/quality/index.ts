export * from './aql.ts';
export * from './judge.ts';
