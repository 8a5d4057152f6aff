export { auditProjection } from './projection';
export { streamCategories, streamsCorrelatedWith, streamsOfCategory, streamsWrittenBetween } from './queries';
