export { auditProjection } from './projection';
export { streamsCorrelatedWith } from './queries';
