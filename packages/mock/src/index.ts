/**
 * `@cdx/mock`: a validating double of the Clinical Data Exchange Service for a client's integration tests.
 *
 * @module
 */
export { startMock, type Mock } from './server.js';
export type { Jwks, MockOptions } from './options.js';
export type { LoggedRequest } from './log.js';
export { Fixtures, BUNDLED_FIXTURES, type Fixture } from './fixtures.js';
export { DEFAULT_BODY_LIMIT } from './body.js';
export { deliver, eventKind, type DeliverOptions, type DeliveryReport } from './deliver.js';
