export { PRIVACY_EVENT_SCHEMAS, PRIVACY_EVENT_TYPES, erasureStream, type PersonalDataErased, type PrivacyEvent } from './events';
export { createPrivacy, type Privacy } from './privacy';
export { erasureDecider, refuseErasure, retentionDecider } from './decider';
export { guestRetentionProcess, nextRetentionRun, retentionCutoff } from './retention';
export { privacyRoutes } from './routes';
export type { OrderOwner, PrivacyPorts } from './ports';
export type { ErasureTarget } from './erasure';
