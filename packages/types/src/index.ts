export type * from './generated/index.js';
