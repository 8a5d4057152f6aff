export { auditProjection } from './projection';
export { streamCategories, streamsCorrelatedWith, streamsOfCategory } from './queries';
