export * from './bid-status.ts';
